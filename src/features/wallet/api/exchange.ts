import { isPassword } from '../../../../common/rules.ts';
import { api, type ApiResult } from '../../../lib/api-client.ts';
import { checkAmount, type Problem } from './wallet-rules.ts';

/** docs/product-rules.md#flash-exchange, with its decimals. */
export interface ExchangeCoin {
  id: number;
  title: string;
  logo: string;
  decimals: number;
  balance: string;
}

/** POST /api/Balance/getCanExchangeCoin (type): the coins with the balance in that account, and the fee percent. */
export function getExchangeCoins(
  accountType: number,
): Promise<ApiResult<{ fee_percent: string; list: ExchangeCoin[] }>> {
  return api.post<{ fee_percent: string; list: ExchangeCoin[] }>(
    '/Balance/getCanExchangeCoin',
    { type: accountType },
    { quiet: true },
  );
}

export interface ExchangeInput {
  accountType: number;
  fromCoinId: number;
  toCoinId: number;
  amount: string;
  payPassword: string | null;
}

/** A binding quote (POST /api/Balance/exchangeQuote): fills at these figures if confirmed within `valid_ms`. */
export interface ExchangeQuote {
  quote_id: string;
  from_coin: string;
  to_coin: string;
  paid: string;
  rate: string;
  fee_percent: string;
  fee: string;
  received: string;
  /** The server clock's last millisecond of the quote. */
  valid_until: number;
  /** How long it holds from the answer: the countdown starts from this, not from the device's clock. */
  valid_ms: number;
}

/** POST /api/Balance/exchangeQuote: the rate, fee and what arrives for this exchange, held a few seconds. */
export function getExchangeQuote(input: Omit<ExchangeInput, 'payPassword'>): Promise<ApiResult<ExchangeQuote>> {
  return api.post<ExchangeQuote>('/Balance/exchangeQuote', {
    type: input.accountType,
    from_coin_id: input.fromCoinId,
    to_coin_id: input.toCoinId,
    amount: input.amount.trim(),
  });
}

/** The form's problem before sending (docs/product-rules.md#flash-exchange: amount required; trader password while the switch is on), or null. */
export function validateExchange(input: ExchangeInput, from: ExchangeCoin): Problem | null {
  if (input.fromCoinId === input.toCoinId) return { key: 'wallet.exchange.sameCoin' };
  const checked = checkAmount(input.amount, {
    requiredKey: 'wallet.exchange.amountRequired',
    decimals: from.decimals,
    available: from.balance,
  });
  if (!checked.ok) return checked.problem;
  if (input.payPassword !== null && !isPassword(input.payPassword))
    return { key: input.payPassword === '' ? 'wallet.form.payPasswordRequired' : 'wallet.form.payPasswordRule' };
  return null;
}

/**
 * POST /api/Balance/exchangeCoin
 * with the quote the user confirmed, so it fills at the quote's figures; the posting flag `exchange`.
 */
export function exchangeCoin(
  input: ExchangeInput,
  quoteId: string,
): Promise<ApiResult<{ received: string; paid: string }>> {
  return api.post<{ received: string; paid: string }>(
    '/Balance/exchangeCoin',
    {
      type: input.accountType,
      from_coin_id: input.fromCoinId,
      to_coin_id: input.toCoinId,
      amount: input.amount.trim(),
      paypassword: input.payPassword,
      quote_id: quoteId,
    },
    { successToast: true, lock: 'exchange' },
  );
}
