/**
 * Exact money arithmetic for the server. Every amount (balances, quantities, prices, stakes) is an
 * integer count of 1e-8 units held as a BigInt; text in and out is a plain decimal string. Floats
 * never touch money: the feed's numbers are turned into decimal text first (`numberToDecimal`).
 */

import { isAmountText } from '../../../common/rules.ts';

/** Decimals of a stored unit: 1 unit = 1e-8 of a coin. */
export const UNIT_DECIMALS = 8;
export const UNIT = 100_000_000n;

/** The largest amount any field may carry: 1e10 coins, far inside SQLite's signed 64-bit INTEGER. */
export const MAX_UNITS = 10n ** 18n;

/** Why a decimal string was refused. */
export type AmountProblem = 'invalid' | 'zero' | 'decimals' | 'tooLarge';

export type ParsedAmount = { ok: true; units: bigint } | { ok: false; problem: AmountProblem };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A positive amount as a person sent it ("12", "0.015", "010.50"), checked for shape, above zero
 * and at most MAX_UNITS, with every decimal it was sent with. The precision rule belongs to whoever
 * knows the coin or pair, so the only way to the value is `units(decimals)`, which refuses more
 * decimals than that: nothing is rounded away unseen.
 */
export class SentAmount {
  private constructor(
    private readonly whole: bigint,
    /** Significant decimal digits (trailing zeros dropped). */
    private readonly fraction: string,
  ) {}

  /** Parses decimal text; refuses signs, exponents, spaces, hex, empty text (`invalid`), zero, more than MAX_UNITS. */
  static parse(
    text: string,
  ): { ok: true; amount: SentAmount } | { ok: false; problem: 'invalid' | 'zero' | 'tooLarge' } {
    if (text.length > 40 || !isAmountText(text)) return { ok: false, problem: 'invalid' };
    const [whole = '', fraction = ''] = text.split('.');
    const amount = new SentAmount(BigInt(whole), fraction.replace(/0+$/, ''));
    if (amount.whole === 0n && amount.fraction === '') return { ok: false, problem: 'zero' };
    const cap = MAX_UNITS / UNIT;
    if (amount.whole > cap || (amount.whole === cap && amount.fraction !== ''))
      return { ok: false, problem: 'tooLarge' };
    return { ok: true, amount };
  }

  /** Significant decimals: "1.50" has 1. */
  get decimals(): number {
    return this.fraction.length;
  }

  /** The value in 1e-8 units, or null when it has more than `maxDecimals` (at most 8) decimals. */
  units(maxDecimals: number = UNIT_DECIMALS): bigint | null {
    if (this.fraction.length > Math.min(maxDecimals, UNIT_DECIMALS)) return null;
    return this.whole * UNIT + BigInt(this.fraction.padEnd(UNIT_DECIMALS, '0'));
  }

  /** The canonical text: "010.50" and "10.5" are both "10.5". */
  toString(): string {
    return this.fraction ? `${this.whole}.${this.fraction}` : String(this.whole);
  }
}

/**
 * Parses a strictly positive decimal string such as `"12"`, `"0.015"` into 1e-8 units: a
 * SentAmount (`invalid`, `zero`, `tooLarge`) with at most `maxDecimals` significant decimals
 * (`decimals`; trailing zeros do not count, so `"1.50"` passes with 1 decimal).
 */
export function parseAmount(text: string, maxDecimals: number = UNIT_DECIMALS): ParsedAmount {
  const sent = SentAmount.parse(text);
  if (!sent.ok) return sent;
  const units = sent.amount.units(maxDecimals);
  return units === null ? { ok: false, problem: 'decimals' } : { ok: true, units };
}

/** How a value that falls between two units is rounded. */
export type Rounding = 'floor' | 'ceil';

/**
 * Any non-negative decimal string (from the feed, possibly with more than 8 decimals) to units,
 * rounded as asked. Throws on text that is not a plain decimal: feed data is trusted to be numeric.
 */
export function decimalToUnits(text: string, rounding: Rounding = 'floor'): bigint {
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`not a decimal: "${text}"`);
  const whole = match[1] as string;
  const fraction = match[2] ?? '';
  const kept = fraction.slice(0, UNIT_DECIMALS).padEnd(UNIT_DECIMALS, '0');
  const units = BigInt(whole) * UNIT + BigInt(kept);
  const dropped = /[1-9]/.test(fraction.slice(UNIT_DECIMALS));
  return dropped && rounding === 'ceil' ? units + 1n : units;
}

/** Units as a decimal string with exactly `decimals` places (0..8); extra places are cut, never rounded up. */
export function formatUnits(units: bigint, decimals: number = UNIT_DECIMALS): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(UNIT_DECIMALS + 1, '0');
  const whole = digits.slice(0, -UNIT_DECIMALS);
  const fraction = digits.slice(-UNIT_DECIMALS).slice(0, decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** `a / b` for positive b, rounded as asked. */
export function divide(a: bigint, b: bigint, rounding: Rounding): bigint {
  const quotient = a / b;
  const exact = quotient * b === a;
  if (exact) return quotient;
  // BigInt division truncates toward zero.
  if (rounding === 'floor') return a < 0n ? quotient - 1n : quotient;
  return a < 0n ? quotient : quotient + 1n;
}

/** The value in quote units of `quantity` base units at `price` (units per whole coin), rounded as asked. */
export function valueOf(quantity: bigint, price: bigint, rounding: Rounding): bigint {
  return divide(quantity * price, UNIT, rounding);
}

/** The step in units of an amount with `decimals` places (8 -> 1, 6 -> 100, 0 -> 1e8). */
export function stepUnits(decimals: number): bigint {
  return 10n ** BigInt(UNIT_DECIMALS - Math.min(decimals, UNIT_DECIMALS));
}

/**
 * A JS number from the feed (already a rounded price or size) as exact decimal text: its shortest
 * round-trip form, with exponent notation expanded (`1e-7` -> `0.0000001`).
 */
export function numberToDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  const text = String(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  const exp = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exp) return sign + text;
  const digits = (exp[1] as string) + (exp[2] ?? '');
  const point = 1 + Number(exp[3]);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Compares two non-negative decimal strings exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [aWhole, aFraction] = splitDecimal(a);
  const [bWhole, bFraction] = splitDecimal(b);
  const width = Math.max(aFraction.length, bFraction.length);
  const x = BigInt(aWhole + aFraction.padEnd(width, '0'));
  const y = BigInt(bWhole + bFraction.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

function splitDecimal(text: string): [string, string] {
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`not a decimal: "${text}"`);
  return [match[1] as string, match[2] ?? ''];
}

/**
 * Signed percent change from `open` to `close` with 2 decimals, rounded half away from zero:
 * `"+1.23"`, `"-0.50"`, `"+0.00"` when unchanged or when open is zero.
 */
export function percentChange(open: string, close: string): string {
  const o = decimalToUnits(open);
  const c = decimalToUnits(close);
  if (o === 0n) return '+0.00';
  const diff = c - o;
  const magnitude = diff < 0n ? -diff : diff;
  // Hundredths of a percent: |diff| / open * 10000, rounded half up.
  const hundredths = (magnitude * 20000n + o) / (2n * o);
  const whole = hundredths / 100n;
  const cents = (hundredths % 100n).toString().padStart(2, '0');
  return `${diff < 0n && hundredths > 0n ? '-' : '+'}${whole}.${cents}`;
}

/**
 * Units as decimal text with trailing zeros trimmed, but never fewer than `minDecimals` places
 * (`formatTrimmed(150000000n, 2)` -> `"1.50"`, `formatTrimmed(100000000n)` -> `"1"`).
 */
export function formatTrimmed(units: bigint, minDecimals = 0): string {
  const full = formatUnits(units, UNIT_DECIMALS);
  const [whole, fraction = ''] = full.split('.');
  let kept = fraction.replace(/0+$/, '');
  if (kept.length < minDecimals) kept = fraction.slice(0, minDecimals);
  return kept ? `${whole}.${kept}` : (whole as string);
}
