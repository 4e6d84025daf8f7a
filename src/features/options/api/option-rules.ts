import { Big, toBig } from '../../../lib/money.ts';
import { isAmountText, significantDecimals } from '../../../../common/rules.ts';

/**
 * The quantity choices of the picker (docs/product-rules.md#options): with hy_price_type 2 each is multiplier × the chosen
 * duration's minimum, shown with 2 decimals; otherwise the multipliers themselves.
 */
export function quantityChoices(
  multipliers: readonly string[],
  priceType: number,
  minimum: string | undefined,
): string[] {
  const min = toBig(minimum ?? '');
  return multipliers.map((m) => {
    const multiplier = toBig(m) ?? new Big(0);
    return priceType === 2 && min ? multiplier.times(min).toFixed(2) : multiplier.toString();
  });
}

/** Most decimals a stake may carry: the server keeps 1e-8 units. */
const UNIT_DECIMALS = 8;

/** The decimals the server accepts in a stake (getHyConfig amount_precision), 8 when not sent. */
export function stakeDecimals(precision: number | undefined): number {
  if (precision === undefined || !Number.isInteger(precision) || precision < 0) return UNIT_DECIMALS;
  return Math.min(precision, UNIT_DECIMALS);
}

/**
 * The fee the server debits with a stake at creation: stake × fee_rate, rounded down to 1e-8 (the
 * server never charges a fraction of a unit). 0 when there is no rate or it is unreadable.
 */
export function optionFee(stake: string | Big, feeRate: string | undefined): Big {
  const amount = stake instanceof Big ? stake : toBig(stake);
  const rate = toBig(feeRate ?? '');
  if (!amount || !rate || rate.lte(0) || amount.lte(0)) return new Big(0);
  return amount.times(rate).round(UNIT_DECIMALS, Big.roundDown);
}

/**
 * What All fills (docs/product-rules.md#options): the largest stake with at most `decimals` places whose stake + fee fits
 * the balance; "0" rendered with those decimals when nothing fits.
 */
export function maxStake(balance: string, feeRate: string | undefined, decimals: number): string {
  const available = toBig(balance);
  if (!available || available.lte(0)) return new Big(0).toFixed(decimals);
  const step = new Big(1).div(new Big(10).pow(decimals));
  const fits = (stake: Big) => stake.plus(optionFee(stake, feeRate)).lte(available);
  const rate = toBig(feeRate ?? '');
  const divisor = rate && rate.gt(0) ? rate.plus(1) : new Big(1);
  // balance / (1 + rate) is the answer up to rounding: the fee's own rounding down can leave room
  // for one more step, and Big's division rounds at 20 places, so settle it by checking exactly.
  let stake = available.div(divisor).round(decimals, Big.roundDown);
  while (stake.gt(0) && !fits(stake)) stake = stake.minus(step);
  while (fits(stake.plus(step))) stake = stake.plus(step);
  return stake.toFixed(decimals);
}

export interface OptionQuantityInput {
  quantity: string;
  /** The chosen duration's minimum stake. */
  minimum: string | undefined;
  balance: string;
  /** getHyConfig fee_rate: the fee debited with the stake, as a fraction ("0" or absent = none). */
  feeRate?: string;
  /** Decimals the server accepts in a stake (getHyConfig amount_precision; default 8). */
  decimals?: number;
}

/**
 * Checks a stake; returns an i18n key or null. Required, a positive decimal with no more decimals
 * than the server accepts (trailing zeros do not count, as on the server), at least the duration's
 * minimum, and stake + fee at most the available balance.
 */
export function validateOptionQuantity({
  quantity,
  minimum,
  balance,
  feeRate,
  decimals,
}: OptionQuantityInput): string | null {
  const text = quantity.trim();
  if (text === '') return 'options.rules.quantityRequired';
  const value = toBig(text);
  // The amount text both sides read (no sign, no bare dot); trailing zeros do not count as decimals.
  if (!value || value.lte(0) || !isAmountText(text)) return 'options.rules.quantityInvalid';
  if (significantDecimals(text) > stakeDecimals(decimals)) return 'options.rules.quantityDecimals';
  const min = toBig(minimum ?? '');
  if (min && value.lt(min)) return 'options.rules.belowMinimum';
  const available = toBig(balance) ?? new Big(0);
  if (value.plus(optionFee(value, feeRate)).gt(available)) return 'options.rules.insufficient';
  return null;
}

/**
 * What settlement pays (docs/product-rules.md): a win pays stake × (1 + percent / 100), rounded down to
 * 1e-8 as the server pays it; a loss pays nothing.
 */
export function payoutIfWin(stake: string, percent: string): string | null {
  const amount = toBig(stake);
  const rate = toBig(percent);
  if (!amount || !rate) return null;
  return amount.times(rate.div(100).plus(1)).round(UNIT_DECIMALS, Big.roundDown).toFixed(UNIT_DECIMALS);
}

/**
 * How far along a contract of `total` seconds ending at `endsAt` is at `now` (ms), clamped to the
 * contract: the confirmation circle (docs/product-rules.md#options, remaining over total) drains from there.
 */
export function countdownElapsedMs(total: number, endsAt: number, now: number): number {
  if (!(total > 0)) return 0;
  const totalMs = total * 1000;
  return Math.min(totalMs, Math.max(0, totalMs - (endsAt - now)));
}

/** How an open order stands against the last price: what it would be if it settled now. */
export interface RunningResult {
  outcome: 'win' | 'lose' | 'tie';
  /** The signed profit it would settle with, 8 decimals as the server's `ploss`: "+8.00000000", "-10.00000000", "0.00000000". */
  profit: string;
}

export interface RunningInput {
  /** 1 buy up, 2 buy down. */
  direction: 1 | 2;
  /** The order's buy price. */
  entry: string;
  /** The last price on the screen. */
  last: string;
  stake: string;
  /** The order's payout percent. */
  percent: string;
}

/**
 * The result an open order would have if it settled at `last`, by the server's rule: up wins strictly
 * above the buy price, down strictly below, and wins stake × percent / 100 rounded down to 1e-8 (its
 * payout less the stake); a loss loses the stake; an equal price refunds it. Null when a figure is unreadable.
 */
export function runningResult({ direction, entry, last, stake, percent }: RunningInput): RunningResult | null {
  const buy = toBig(entry);
  const now = toBig(last);
  const amount = toBig(stake);
  const rate = toBig(percent);
  if (!buy || !now || !amount || !rate) return null;
  const move = now.cmp(buy);
  if (move === 0) return { outcome: 'tie', profit: new Big(0).toFixed(UNIT_DECIMALS) };
  if (move > 0 === (direction === 1))
    return {
      outcome: 'win',
      profit: `+${amount.times(rate).div(100).round(UNIT_DECIMALS, Big.roundDown).toFixed(UNIT_DECIMALS)}`,
    };
  return { outcome: 'lose', profit: `-${amount.toFixed(UNIT_DECIMALS)}` };
}
