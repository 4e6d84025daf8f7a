import { divide, stepUnits, type Rounding } from '../money.ts';

/**
 * Exact arithmetic of the wallet between amounts (BigInt units of 1e-8) and decimal TEXT of any
 * precision (feed prices, fee percents): a decimal is read as digits over a power of ten, so a
 * price with more decimals than a unit holds loses nothing before the one final rounding.
 */

/** A non-negative decimal as `digits / 10^scale` ("65012.345" -> 65012345n, 3). */
export interface ExactDecimal {
  digits: bigint;
  scale: number;
}

const PLAIN = /^(\d+)(?:\.(\d+))?$/;

/** Reads plain decimal text (no sign, no exponent); throws on anything else. */
export function exactDecimal(text: string): ExactDecimal {
  const match = PLAIN.exec(text);
  if (!match) throw new Error(`not a plain decimal: "${text}"`);
  const fraction = match[2] ?? '';
  return { digits: BigInt((match[1] as string) + fraction), scale: fraction.length };
}

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);

/** `units × value`, rounded as asked (a balance in USDT at a USDT price). */
export function timesDecimal(units: bigint, value: ExactDecimal, rounding: Rounding): bigint {
  return divide(units * value.digits, pow10(value.scale), rounding);
}

/** `units × from / to`, rounded as asked (an amount of one coin in another, through their USDT prices). */
export function convert(units: bigint, from: ExactDecimal, to: ExactDecimal, rounding: Rounding): bigint {
  if (to.digits === 0n) throw new Error('cannot convert at a price of 0');
  return divide(units * from.digits * pow10(to.scale), to.digits * pow10(from.scale), rounding);
}

/** `percent` % of `units`, rounded as asked ("0.5" of 200 units is 1 unit). */
export function percentOf(units: bigint, percent: ExactDecimal, rounding: Rounding): bigint {
  return divide(units * percent.digits, 100n * pow10(percent.scale), rounding);
}

/** `units` rounded to a whole step of a coin with `decimals` places. */
export function toStep(units: bigint, decimals: number, rounding: Rounding): bigint {
  const step = stepUnits(decimals);
  return divide(units, step, rounding) * step;
}
