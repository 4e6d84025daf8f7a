import { Big, toBig } from '../../../lib/money.ts';
import { amountTextRefusal, isWholeNumber, PASSWORD_REQUIRED, type Problem } from './earn-rules.ts';

/**
 * The staking form's first broken rule: amount required, the field's own problem (a
 * fraction or text that is not a number, named as the field names it), digits only, at least the
 * period's min_price (staking.snumerror1 with {num}), within the balance, and the transaction
 * password while it is required.
 */
export function checkStaking(input: {
  amount: string;
  min: string;
  balance: string;
  passwordRequired: boolean;
  password: string;
}): Problem {
  const amount = input.amount.trim();
  if (!amount) return { key: 'earn.staking.amountRequired' };
  const text = amountTextRefusal(amount, true);
  if (text) return text;
  if (!isWholeNumber(amount)) return { key: 'earn.staking.digitsOnly' };
  const min = toBig(input.min);
  if (min && new Big(amount).lt(min)) return { key: 'earn.staking.belowMinimum', vars: { num: input.min } };
  const balance = toBig(input.balance);
  if (balance && new Big(amount).gt(balance)) return { key: 'earn.insufficient' };
  if (input.passwordRequired && !input.password) return { key: PASSWORD_REQUIRED };
  return null;
}

/** The revenue of the whole period: amount × yearly rate % / 100 × days / 365, rounded down to 1e-8, as the server pays it. */
export function stakingEstimate(amount: string, yearlyPercent: string, days: number): Big | null {
  // Only a whole amount can be sent: a fraction kept as typed (150.5) has no estimate.
  const principal = isWholeNumber(amount) ? toBig(amount) : null;
  const rate = toBig(yearlyPercent);
  if (!principal || !rate) return null;
  return principal.times(rate).div(100).times(days).div(365).round(8, Big.roundDown);
}
