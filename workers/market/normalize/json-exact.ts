/**
 * A JSON parser that keeps every number as its source text. `JSON.parse` turns `0.015443758717188892`
 * and the 27-digit HTX trade ids into doubles and loses digits; the engine needs the wire's exact
 * decimals, so number tokens become {@link JsonNumber} and everything else parses as usual.
 */
import { isPlainDecimal } from './decimal.ts';

/** A JSON number token, exactly as written on the wire. */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** A value parsed by {@link parseJsonExact}. */
export type ExactValue = null | boolean | string | JsonNumber | ExactValue[] | { [key: string]: ExactValue };

/** Thrown for text that is not one complete JSON value. */
export class JsonSyntaxError extends Error {}

/** Whether a char code can be part of a number token: `0`–`9`, `-`, `+`, `.`, `e`, `E`. */
const isNumberChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;
const LITERALS: [string, ExactValue][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;

/** Parses `text` as one JSON value, numbers kept as {@link JsonNumber}. Throws {@link JsonSyntaxError}. */
export function parseJsonExact(text: string): ExactValue {
  let i = 0;

  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at ${i}`);
  };
  const skipSpace = (): void => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return;
    }
  };

  const parseString = (): string => {
    const start = ++i;
    let escaped = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail('unterminated string');
      if (c === 34) break;
      if (c === 92) {
        escaped = true;
        i++;
      }
      i++;
    }
    const raw = text.slice(start, i++);
    // Escapes are rare on this feed; let the native parser decode them correctly.
    if (!escaped) return raw;
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return fail('bad string escape');
    }
  };

  const parseNumber = (): JsonNumber => {
    const start = i;
    // Char codes, not a regular expression per character: numbers are most of a trade or candle frame.
    while (isNumberChar(text.charCodeAt(i))) i++;
    const token = text.slice(start, i);
    if (!isPlainDecimal(token) && !NUMBER.test(token)) fail(`bad number "${token}"`);
    return new JsonNumber(token);
  };

  const parseValue = (): ExactValue => {
    skipSpace();
    const c = text.charCodeAt(i);
    if (c === 123) return parseObject();
    if (c === 91) return parseArray();
    if (c === 34) return parseString();
    if (c === 45 || (c >= 48 && c <= 57)) return parseNumber();
    for (const [word, literal] of LITERALS) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return literal;
      }
    }
    return fail('unexpected character');
  };

  const parseArray = (): ExactValue[] => {
    i++;
    const out: ExactValue[] = [];
    skipSpace();
    if (text.charCodeAt(i) === 93) {
      i++;
      return out;
    }
    for (;;) {
      out.push(parseValue());
      skipSpace();
      const c = text.charCodeAt(i++);
      if (c === 93) return out;
      if (c !== 44) fail('expected , or ]');
    }
  };

  const parseObject = (): { [key: string]: ExactValue } => {
    i++;
    const out: { [key: string]: ExactValue } = {};
    skipSpace();
    if (text.charCodeAt(i) === 125) {
      i++;
      return out;
    }
    for (;;) {
      skipSpace();
      if (text.charCodeAt(i) !== 34) fail('expected a key');
      const key = parseString();
      skipSpace();
      if (text.charCodeAt(i++) !== 58) fail('expected :');
      out[key] = parseValue();
      skipSpace();
      const c = text.charCodeAt(i++);
      if (c === 125) return out;
      if (c !== 44) fail('expected , or }');
    }
  };

  const value = parseValue();
  skipSpace();
  if (i !== text.length) fail('trailing characters');
  return value;
}
