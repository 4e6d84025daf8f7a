/**
 * The fast path for the feed's book frames (docs/performance.md#decode): one pass over the text that
 * reads each side's `[price, size]` pairs straight into a Float64Array, where `JSON.parse` would
 * build an array and two heap numbers per level (150 levels a side) for `bookFrom` to copy out.
 * It reads a strict subset of JSON (objects, strings without escapes, numbers, arrays of number
 * pairs) and declines anything else, returning null: the caller then parses the text natively, so
 * a broken or unusual frame is judged exactly as before. Its numbers are the doubles `JSON.parse`
 * gives (the unit test compares them on the recorded session's frames).
 */
import type { JsonObject } from './fields.ts';

const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const UPPER_E = 0x45;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const LOWER_E = 0x65;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** 10^0 … 10^22: the powers of ten a double holds exactly. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/**
 * A book frame (`depth` or `mbp` push, or a `rep` of one) as `JSON.parse` would give it, except that
 * every array of number pairs is one Float64Array (price, size, price, size…); null when the text is
 * not in the subset this reads.
 */
export function scanBookFrame(frame: string): JsonObject | null {
  return scanner.scan(frame);
}

const isDigit = (code: number): boolean => code >= ZERO && code <= NINE;

/** The text and the position in it as fields of one object: the hot loops read them at every character. */
class BookScanner {
  private text = '';
  private at = 0;
  /** The pairs of the side being read; grown when a side is longer, kept between frames. */
  private pairs = new Float64Array(512);

  scan(frame: string): JsonObject | null {
    this.text = frame;
    this.at = 0;
    const value = this.object(true);
    this.skipSpace();
    const done = value !== null && this.at === frame.length;
    this.text = '';
    return done ? value : null;
  }

  private skipSpace(): void {
    for (;;) {
      const code = this.text.charCodeAt(this.at);
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return;
      this.at++;
    }
  }

  /** `{…}`: its values strings, numbers, pair arrays and (at the top only) objects. */
  private object(top: boolean): JsonObject | null {
    this.skipSpace();
    if (this.text.charCodeAt(this.at) !== OPEN_BRACE) return null;
    this.at++;
    const out: JsonObject = {};
    this.skipSpace();
    if (this.text.charCodeAt(this.at) === CLOSE_BRACE) {
      this.at++;
      return out;
    }
    for (;;) {
      this.skipSpace();
      const key = this.string();
      // `__proto__` would set the object's prototype here, where JSON.parse makes a property.
      if (key === null || key === '__proto__') return null;
      this.skipSpace();
      if (this.text.charCodeAt(this.at) !== COLON) return null;
      this.at++;
      this.skipSpace();
      const code = this.text.charCodeAt(this.at);
      let value: unknown;
      if (code === QUOTE) value = this.string();
      else if (code === OPEN_BRACKET) value = this.pairList();
      else if (code === OPEN_BRACE) value = top ? this.object(false) : null;
      else {
        const number = this.number();
        value = Number.isNaN(number) ? null : number;
      }
      if (value === null) return null;
      out[key] = value;
      this.skipSpace();
      const next = this.text.charCodeAt(this.at++);
      if (next === CLOSE_BRACE) return out;
      if (next !== COMMA) return null;
    }
  }

  /** `"…"` without escapes or control characters (topics, statuses). */
  private string(): string | null {
    const text = this.text;
    if (text.charCodeAt(this.at) !== QUOTE) return null;
    const start = ++this.at;
    for (let at = start; ; at++) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        this.at = at + 1;
        return text.slice(start, at);
      }
      if (code === BACKSLASH || code < 0x20 || Number.isNaN(code)) return null;
    }
  }

  /** `[[price, size], …]` into one new Float64Array. */
  private pairList(): Float64Array | null {
    this.at++;
    let length = 0;
    this.skipSpace();
    if (this.text.charCodeAt(this.at) === CLOSE_BRACKET) {
      this.at++;
      return new Float64Array(0);
    }
    for (;;) {
      this.skipSpace();
      if (this.text.charCodeAt(this.at) !== OPEN_BRACKET) return null;
      this.at++;
      this.skipSpace();
      const price = this.number();
      this.skipSpace();
      if (Number.isNaN(price) || this.text.charCodeAt(this.at) !== COMMA) return null;
      this.at++;
      this.skipSpace();
      const size = this.number();
      this.skipSpace();
      if (Number.isNaN(size) || this.text.charCodeAt(this.at) !== CLOSE_BRACKET) return null;
      this.at++;
      if (length + 2 > this.pairs.length) {
        const grown = new Float64Array(this.pairs.length * 2);
        grown.set(this.pairs);
        this.pairs = grown;
      }
      this.pairs[length++] = price;
      this.pairs[length++] = size;
      this.skipSpace();
      const next = this.text.charCodeAt(this.at++);
      if (next === CLOSE_BRACKET) return this.pairs.slice(0, length);
      if (next !== COMMA) return null;
    }
  }

  /**
   * A JSON number (RFC 8259 grammar) as the double `JSON.parse` gives, or NaN (which no JSON number
   * is) when the text there is not one. With at most 15 significant digits and a power of ten within
   * ±22, the digits and the power are exact doubles and one division or multiplication rounds
   * correctly (Clinger's fast path); any other goes to `Number`.
   */
  private number(): number {
    const text = this.text;
    const start = this.at;
    let at = start;
    let code = text.charCodeAt(at);
    const negative = code === MINUS;
    if (negative) code = text.charCodeAt(++at);
    let digits = 0;
    let power = 0;
    if (code === ZERO) {
      code = text.charCodeAt(++at);
    } else if (isDigit(code)) {
      do {
        digits = digits * 10 + (code - ZERO);
        code = text.charCodeAt(++at);
      } while (isDigit(code));
    } else {
      return Number.NaN;
    }
    let significant = at - start - (negative ? 1 : 0);
    if (code === DOT) {
      code = text.charCodeAt(++at);
      if (!isDigit(code)) return Number.NaN;
      do {
        digits = digits * 10 + (code - ZERO);
        power--;
        significant++;
        code = text.charCodeAt(++at);
      } while (isDigit(code));
    }
    if (code === UPPER_E || code === LOWER_E) {
      code = text.charCodeAt(++at);
      const down = code === MINUS;
      if (down || code === PLUS) code = text.charCodeAt(++at);
      if (!isDigit(code)) return Number.NaN;
      let exponent = 0;
      do {
        exponent = exponent * 10 + (code - ZERO);
        code = text.charCodeAt(++at);
      } while (isDigit(code));
      power += down ? -exponent : exponent;
    }
    this.at = at;
    if (significant <= 15 && power >= -22 && power <= 22) {
      const value = power < 0 ? digits / (POWERS_OF_TEN[-power] as number) : digits * (POWERS_OF_TEN[power] as number);
      return negative ? -value : value;
    }
    return Number(text.slice(start, at));
  }
}

const scanner = new BookScanner();
