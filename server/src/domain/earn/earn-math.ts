import { feeFor } from '../fees.ts';
import { divide, formatTrimmed } from '../money.ts';

/**
 * The arithmetic of the earn products (loans, lock mining, staking, internal transfers), exact on
 * 1e-8 units. Rates are stored as whole parts per million (ppm) of the principal: 5000 ppm = 0.5 %.
 * Every rounding is stated and goes the user's way: interest paid to users and fees taken from them
 * are rounded down, interest owed by users is rounded up (for whole-number principals, as the
 * screens send, nothing needs rounding at all).
 */

const MILLION = 1_000_000n;

/** One year of a yearly rate: 365 days. */
export const DAYS_PER_YEAR = 365;

/** A ppm rate as the percent text the API answers: 5000 -> "0.5", 80000 -> "8". */
export function percentText(ppm: number): string {
  return formatTrimmed(BigInt(ppm) * 10_000n);
}

/**
 * The interest of a lock (mining: daily rate, `basisDays` 1; staking: yearly rate, `basisDays` 365)
 * accrued after `days` whole days: principal × rate × days / basis, rounded down once over the
 * whole span. Day d pays `accrued(d) − accrued(d − 1)`, so the days always add up to exactly
 * `accrued(days)` with no rounding lost or paid twice.
 */
export function accruedInterest(principal: bigint, ratePpm: number, days: number, basisDays: number): bigint {
  return (principal * BigInt(ratePpm) * BigInt(days)) / (MILLION * BigInt(basisDays));
}

/** What day `day` (1-based) of a lock pays. */
export function interestOfDay(principal: bigint, ratePpm: number, day: number, basisDays: number): bigint {
  return accruedInterest(principal, ratePpm, day, basisDays) - accruedInterest(principal, ratePpm, day - 1, basisDays);
}

/** What an early redemption gives back: the principal less its redemption fee. */
export function redeemPayout(principal: bigint, feePpm: number): bigint {
  return principal - feeFor(principal, feePpm);
}

/** The interest a loan costs: principal × daily rate × days, rounded up to the unit. */
export function loanInterest(principal: bigint, ratePpm: number, days: number): bigint {
  return divide(principal * BigInt(ratePpm) * BigInt(days), MILLION, 'ceil');
}
