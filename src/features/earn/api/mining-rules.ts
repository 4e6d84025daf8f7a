import { Big, toBig } from '../../../lib/money.ts';
import { amountTextRefusal, isWholeNumber, withinBounds, PASSWORD_REQUIRED, type Problem } from './earn-rules.ts';

/** One lock period of a product: days and its daily rate in percent. */
export interface MiningTerm {
  days: number;
  rate: string;
}

/** The periods of a product from its comma lists (docs/product-rules.md#lock-mining), paired in order; unreadable entries are left out. */
export function miningTerms(product: { cycle: string; interest_rate: string }): MiningTerm[] {
  const days = product.cycle.split(',').map((day) => day.trim());
  const rates = product.interest_rate.split(',').map((rate) => rate.trim());
  return days.flatMap((day, index) => {
    const rate = rates[index];
    return /^\d+$/.test(day) && rate !== undefined && toBig(rate) ? [{ days: Number(day), rate }] : [];
  });
}

/** The last entry of a comma list (docs/product-rules.md#lock-mining: the product card shows the last rate and cycle). */
export function lastEntry(list: string): string {
  return list.split(',').at(-1)?.trim() ?? '';
}

/** Estimated interest = amount × rate × days / 100, shown rounded down to 1e-8; null while the amount is not a whole number. */
export function miningEstimate(amount: string, ratePercent: string, days: number): Big | null {
  // Only a whole amount can be sent: a fraction kept as typed (150.5) has no estimate.
  const principal = isWholeNumber(amount) ? toBig(amount) : null;
  const rate = toBig(ratePercent);
  if (!principal || !rate) return null;
  return principal.times(rate).times(days).div(100).round(8, Big.roundDown);
}

/**
 * The purchase's first broken rule: a period chosen, the field's own problem (a fraction
 * or text that is not a number), the amount a whole number within min_price..max_price, within the
 * balance, and the transaction password while it is required.
 */
export function checkMiningPurchase(input: {
  amount: string;
  min: string;
  max: string;
  balance: string;
  term: MiningTerm | null;
  passwordRequired: boolean;
  password: string;
}): Problem {
  if (!input.term) return { key: 'earn.mining.chooseDay' };
  const text = amountTextRefusal(input.amount, true);
  if (text) return text;
  if (!withinBounds(input.amount, input.min, input.max))
    return { key: 'earn.mining.amountRange', vars: { min: input.min, max: input.max } };
  const balance = toBig(input.balance);
  if (balance && new Big(input.amount).gt(balance)) return { key: 'earn.insufficient' };
  if (input.passwordRequired && !input.password) return { key: PASSWORD_REQUIRED };
  return null;
}
