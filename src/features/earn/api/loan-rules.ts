import { Big, toBig } from '../../../lib/money.ts';
import { amountTextRefusal, isWholeNumber, withinBounds, type Problem } from './earn-rules.ts';

/** What the application screen checks before sending (docs/product-rules.md#loans), in this order. */
export interface LoanApplicationCheck {
  amount: string;
  min: string;
  max: string;
  frontCard: string | null;
  laterCard: string | null;
  handheldCard: string | null;
}

/**
 * The first broken rule: the field's own problem (a fraction or text that is not a number), the
 * amount within minprice..maxprice (the toast names both), then the front, back and handheld
 * images, each named by its own message.
 */
export function checkLoanApplication(input: LoanApplicationCheck): Problem {
  const text = amountTextRefusal(input.amount, true);
  if (text) return text;
  if (!withinBounds(input.amount, input.min, input.max))
    return { key: 'earn.loans.amountRange', vars: { min: input.min, max: input.max } };
  if (!input.frontCard) return { key: 'earn.loans.frontMissing' };
  if (!input.laterCard) return { key: 'earn.loans.backMissing' };
  if (!input.handheldCard) return { key: 'earn.loans.handheldMissing' };
  return null;
}

/**
 * What a loan of `amount` costs, as the server will fix it: interest = amount × daily rate % ×
 * cycle days, rounded up to 1e-8; total = amount + interest. Null while the amount is not a whole number.
 */
export function loanCost(
  amount: string,
  dailyRatePercent: string,
  cycleDays: number,
): { interest: Big; total: Big } | null {
  // Only a whole amount can be sent: a fraction kept as typed (150.5) has no estimate.
  const principal = isWholeNumber(amount) ? toBig(amount) : null;
  const rate = toBig(dailyRatePercent);
  if (!principal || !rate) return null;
  const interest = principal.times(rate).times(cycleDays).div(100).round(8, Big.roundUp);
  return { interest, total: principal.plus(interest) };
}

/** Whether a loan can be repaid now (docs/product-rules.md#loans: approved and not yet repaid), or cancelled (under review). */
export const canRepay = (order: { status: number; is_repayment: number }): boolean =>
  order.status === 2 && order.is_repayment !== 1;
export const canCancel = (order: { status: number }): boolean => order.status === 1;
