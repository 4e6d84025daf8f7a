import { Big, toBig } from '../../../lib/money.ts';
import { isAmountText, significantDecimals } from '../../../../common/rules.ts';
import { amountTextRefusal, PASSWORD_REQUIRED, type Problem } from './earn-rules.ts';

/** The fee of a transfer, as the server takes it: amount × rate, rounded down to 1e-8. */
export function transferFee(amount: string, rate: string): Big | null {
  const value = toBig(amount);
  const fraction = toBig(rate);
  if (!value || !fraction) return null;
  return value.times(fraction).round(8, Big.roundDown);
}

/** docs/product-rules.md#internal-transfers: real amount = amount − amount × fee rate. */
export function arrivalAmount(amount: string, rate: string): Big | null {
  const fee = transferFee(amount, rate);
  const value = toBig(amount);
  return fee && value ? value.minus(fee) : null;
}

/** docs/product-rules.md#internal-transfers: the fee shown is the rate × 100 as a percent ("0.001" → "0.1"); null at 0 (the no-fee text). */
export function feePercent(rate: string): string | null {
  const fraction = toBig(rate);
  if (!fraction || fraction.eq(0)) return null;
  return fraction.times(100).toString();
}

/**
 * The transfer form's first broken rule (docs/product-rules.md#internal-transfers): the receiver confirmed, a coin, the amount
 * (the field's own problem first, named as the field names it; then a number above 0 with at most the coin's decimals, within the balance), then the transaction
 * password while it is required.
 */
export function checkTransfer(input: {
  receiverConfirmed: boolean;
  coin: { balance: string; decimals: number; title: string } | null;
  amount: string;
  passwordRequired: boolean;
  password: string;
}): Problem {
  if (!input.receiverConfirmed) return { key: 'earn.transfer.confirmFirst' };
  if (!input.coin) return { key: 'earn.transfer.chooseCoin' };
  const amount = input.amount.trim();
  if (!amount) return { key: 'earn.transfer.amountRequired' };
  const text = amountTextRefusal(amount, false);
  if (text) return text;
  if (!isAmountText(amount) || new Big(amount).lte(0)) return { key: 'earn.amountInvalid' };
  if (significantDecimals(amount) > input.coin.decimals)
    return { key: 'earn.transfer.decimals', vars: { decimals: String(input.coin.decimals), coin: input.coin.title } };
  const balance = toBig(input.coin.balance);
  if (balance && new Big(amount).gt(balance)) return { key: 'earn.insufficient' };
  if (input.passwordRequired && !input.password) return { key: PASSWORD_REQUIRED };
  return null;
}
