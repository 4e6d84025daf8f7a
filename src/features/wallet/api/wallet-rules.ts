/**
 * The wallet's rules in the app, pure and exact (big.js): amount checks, the withdrawal fee and what
 * arrives, the exchange estimate, dollar values, and where to go after a submit. They mirror the
 * server's (server/src/domain/wallet/), which checks everything again.
 */
import { isAmountText, significantDecimals } from '../../../../common/rules.ts';
import { AMOUNT_PROBLEM_KEYS, amountTextProblem } from '../../../lib/amount-input.ts';
import { Big, toBig } from '../../../lib/money.ts';

/** An i18n key and its values: what a validator answers. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The amount as typed, checked: required (`requiredKey`), a plain decimal above 0, with at most
 * `decimals` decimals, and not above `available` when given. Returns the amount or the problem.
 */
export function checkAmount(
  text: string,
  options: { requiredKey: string; decimals: number; available?: string },
): { ok: true; amount: Big } | { ok: false; problem: Problem } {
  const value = text.trim();
  if (value === '') return { ok: false, problem: { key: options.requiredKey } };
  // Text the amount field kept as typed (docs/money-input.md) is refused with the field's own message.
  const typed = amountTextProblem(value, false);
  if (typed) return { ok: false, problem: { key: AMOUNT_PROBLEM_KEYS[typed] } };
  if (!isAmountText(value)) return { ok: false, problem: { key: 'wallet.form.amountInvalid' } };
  const amount = new Big(value);
  if (amount.lte(0)) return { ok: false, problem: { key: 'wallet.form.amountInvalid' } };
  if (significantDecimals(value) > options.decimals)
    return { ok: false, problem: { key: 'wallet.form.amountDecimals', params: { decimals: options.decimals } } };
  const available = toBig(options.available);
  if (available && amount.gt(available)) return { ok: false, problem: { key: 'wallet.form.insufficient' } };
  return { ok: true, amount };
}

/** A coin's withdrawal fee as getUserCoinBalance answers it (docs/product-rules.md#wallet). */
export interface FeeRule {
  /** 1: `txsxf` percent of the amount; otherwise the fixed `txsxf_n`. */
  sxftype: number;
  txsxf: string;
  txsxf_n: string;
  /** The coin's decimals: a percent fee is rounded up to them. */
  decimals: number;
}

/**
 * The fee of withdrawing `amount` and what arrives (docs/product-rules.md#wallet): a percent fee rounded UP to the coin's
 * decimals, or the fixed fee; what arrives is the amount less the fee, never below zero.
 */
export function withdrawalFee(amount: Big, rule: FeeRule): { fee: Big; received: Big } {
  const fee =
    rule.sxftype === 1
      ? amount
          .times(toBig(rule.txsxf) ?? 0)
          .div(100)
          .round(rule.decimals, Big.roundUp)
      : (toBig(rule.txsxf_n) ?? new Big(0));
  return fee.gte(amount) ? { fee: amount, received: new Big(0) } : { fee, received: amount.minus(fee) };
}

/** What the withdrawal form needs to check an amount (docs/product-rules.md#withdrawals). */
export interface WithdrawLimits extends FeeRule {
  balance: string;
  txminnum: string;
  txmaxnum: string;
}

/**
 * The withdrawal amount's problem (docs/product-rules.md#wallet): required, a number above 0 within the coin's decimals,
 * between txminnum and txmaxnum inclusive (the range prompt), within the balance, and more than the
 * fee (else nothing would arrive). Null when it may be sent.
 */
export function withdrawalAmountProblem(text: string, limits: WithdrawLimits): Problem | null {
  const checked = checkAmount(text, { requiredKey: 'wallet.withdraw.amountRequired', decimals: limits.decimals });
  if (!checked.ok) return checked.problem;
  const { amount } = checked;
  if (amount.lt(limits.txminnum) || amount.gt(limits.txmaxnum))
    return { key: 'wallet.withdraw.range', params: { min: limits.txminnum, max: limits.txmaxnum } };
  if (amount.gt(limits.balance)) return { key: 'wallet.form.insufficient' };
  if (withdrawalFee(amount, limits).received.eq(0)) return { key: 'wallet.withdraw.belowFee' };
  return null;
}

/** "All" on the withdrawal form: the balance, but never above the coin's maximum. */
export function withdrawAll(limits: Pick<WithdrawLimits, 'balance' | 'txmaxnum'>): string {
  const balance = toBig(limits.balance) ?? new Big(0);
  const max = toBig(limits.txmaxnum);
  return (max && balance.gt(max) ? max : balance).toString();
}

/**
 * What exchanging `amount` would receive at these USDT prices (docs/product-rules.md#wallet /exchangeb estimate, the
 * server's rule): amount × from / to rounded down to the coin's decimals, less the fee rounded up.
 * Null while a price is unknown.
 */
export function exchangeEstimate(
  amount: Big,
  fromPrice: string | null,
  toPrice: string | null,
  feePercent: string,
  decimals: number,
): { gross: Big; fee: Big; received: Big } | null {
  const from = toBig(fromPrice);
  const to = toBig(toPrice);
  if (!from || !to || to.eq(0)) return null;
  const gross = amount.times(from).div(to).round(decimals, Big.roundDown);
  const fee = gross
    .times(toBig(feePercent) ?? 0)
    .div(100)
    .round(decimals, Big.roundUp);
  return fee.gte(gross) ? { gross, fee: gross, received: new Big(0) } : { gross, fee, received: gross.minus(fee) };
}

/** The dollar (USDT) value of a holding at a price; null when either is unreadable. */
export function usdValue(amount: string, frozen: string, price: string | null): Big | null {
  const total = toBig(amount)?.plus(toBig(frozen) ?? 0);
  const at = toBig(price);
  return total && at ? total.times(at) : null;
}

/** Where to go after a deposit or withdrawal succeeds (docs/product-rules.md#wallet): 1 home, 2 back, anything else stay. */
export function afterSuccess(setting: number | undefined): 'home' | 'back' | 'stay' {
  return setting === 1 ? 'home' : setting === 2 ? 'back' : 'stay';
}

/** The shape of getUserBalanceList this module values (see get-balance-list.ts). */
interface Holdings {
  coinList: {
    type: number;
    name: string;
    totalAvailableAsset: string;
    balanceInfo: {
      coinId: number;
      coinName: string;
      balance: string;
      dbalance: string;
      all_zhprice: string;
      price: string;
    }[];
  }[];
}

/** A coin of an account with its dollar value now (null: no price known). */
export interface ValuedCoin<C> {
  coin: C;
  value: Big | null;
  /** The price the value is at. */
  price: string | null;
}

/**
 * Dollar values that move with the market (docs/product-rules.md#assets): each held coin at its live price from
 * `prices` (lower-case coin name → USDT), else at the price the server valued it at; totals are the
 * exact sums of their coins. A coin nobody could price adds nothing to a total.
 */
export function valueHoldings<H extends Holdings>(holdings: H, prices: ReadonlyMap<string, string>) {
  let total = new Big(0);
  const accounts = holdings.coinList.map((account) => {
    let accountTotal = new Big(0);
    const coins = account.balanceInfo.map((coin): ValuedCoin<H['coinList'][number]['balanceInfo'][number]> => {
      const held = (toBig(coin.balance) ?? new Big(0)).plus(toBig(coin.dbalance) ?? 0);
      if (held.eq(0)) return { coin, value: new Big(0), price: null };
      const price = prices.get(coin.coinName.toLowerCase()) ?? (coin.price || null);
      const value = price ? held.times(price) : toBig(coin.all_zhprice);
      if (value) accountTotal = accountTotal.plus(value);
      return { coin, value, price };
    });
    total = total.plus(accountTotal);
    return { account, total: accountTotal, coins };
  });
  return { total, accounts };
}

/** The lower-case names of the coins held in any account that the server could price: the tickers worth subscribing. */
export function pricedCoins(holdings: Holdings | null): string[] {
  if (!holdings) return [];
  const names = holdings.coinList.flatMap((account) =>
    account.balanceInfo.filter((coin) => coin.price !== '').map((coin) => coin.coinName.toLowerCase()),
  );
  return [...new Set(names)];
}
