import { AMOUNT_PROBLEM_KEYS, amountTextProblem } from '../../../lib/amount-input.ts';
import { Big, toBig } from '../../../lib/money.ts';
import type { SubmitProblem } from '../../../lib/use-submit.ts';

/**
 * Rules every earn screen shares (docs/product-rules.md#earn): the integer stepper of loans and mining, whole-number
 * amounts, and the checks that name the first broken rule as an i18n key with its values.
 */

/** The first broken rule of a form: an i18n key and its values; null when every rule holds. */
export type Problem = SubmitProblem;

/** The rule of a missing transaction password: its screen shows it beneath the password field. */
export const PASSWORD_REQUIRED = 'earn.payPasswordRequired';

/** True for digits only (docs/product-rules.md#earn staking "digits only"; the steppers take integers). */
export function isWholeNumber(text: string): boolean {
  return /^\d+$/.test(text.trim());
}

/** True when `text` is a whole number within min..max inclusive. */
export function withinBounds(text: string, min: string, max: string): boolean {
  if (!isWholeNumber(text)) return false;
  const value = new Big(text.trim());
  const low = toBig(min);
  const high = toBig(max);
  return !!low && !!high && value.gte(low) && value.lte(high);
}

/**
 * The step of an integer stepper whose smallest value is `min`: the power of ten of its leading digit
 * (100 → 100, 250 → 100, 1 → 1), so a few taps cover the range.
 */
export function stepperStep(min: string): Big {
  const low = toBig(min);
  if (!low || low.lt(10)) return new Big(1);
  return new Big(10).pow(low.round(0, Big.roundDown).toFixed(0).length - 1);
}

/**
 * The stepper's next value from `text` by `direction` steps, kept within min..max; a value that is
 * not a whole number starts again from min.
 */
export function stepInteger(text: string, direction: 1 | -1, min: string, max: string): string {
  const low = toBig(min) ?? new Big(0);
  const high = toBig(max) ?? low;
  const current = isWholeNumber(text) ? new Big(text.trim()) : null;
  if (!current) return low.toFixed(0);
  const next = current.plus(stepperStep(min).times(direction));
  if (next.lt(low)) return low.toFixed(0);
  if (next.gt(high)) return high.toFixed(0);
  return next.toFixed(0);
}

/**
 * The amount field's own problem as a form's refusal (lib/amount-input.ts): text that is not a plain
 * number, or a fraction in a whole-number field, is refused with the message the field shows.
 */
export function amountTextRefusal(text: string, integer: boolean): Problem {
  const problem = amountTextProblem(text.trim(), integer);
  return problem ? { key: AMOUNT_PROBLEM_KEYS[problem] } : null;
}

/**
 * What an early redemption of `amount` would give back of the principal (README "Early
 * redemption"): the fee is redeem_fee_rate % of it, rounded down to 1e-8 as the server takes it.
 * Null while the amount is not a number.
 */
export function earlyRedemption(amount: string, feePercent: string): { fee: Big; back: Big } | null {
  const principal = toBig(amount);
  const rate = toBig(feePercent);
  if (!principal || !rate) return null;
  const fee = principal.times(rate).div(100).round(8, Big.roundDown);
  return { fee, back: principal.minus(fee) };
}
