import { compareDecimal, divide } from './money.ts';

/** Direction of a second contract: 1 buy up, 2 buy down (docs/product-rules.md#settlement `buytype`). */
export type OptionDirection = 1 | 2;

export type OptionResult = 'win' | 'lose' | 'tie';

/** Payout percents are stored in basis points of a percent: 8500 = 85 %. */
export const BP_PER_PERCENT = 100;

/**
 * The outcome of a second contract, decided by the two prices alone:
 * - buy up wins when the settlement price is strictly above the buy price, loses when below;
 * - buy down wins when it is strictly below, loses when above;
 * - an exact tie (settlement price equal to the buy price) is a `tie`: the stake is refunded,
 *   nothing is won or lost (any fee charged at creation is not refunded).
 * Both prices are the feed's last trade price at the creation and the expiry instant.
 */
export function optionOutcome(direction: OptionDirection, buyPrice: string, settlePrice: string): OptionResult {
  const move = compareDecimal(settlePrice, buyPrice);
  if (move === 0) return 'tie';
  const up = move > 0;
  return up === (direction === 1) ? 'win' : 'lose';
}

/**
 * What the settlement credits back, in units: a win pays stake x (1 + percent / 100), rounded down
 * to a unit; a tie refunds the stake; a loss pays nothing.
 */
export function optionPayout(stake: bigint, payoutBp: number, result: OptionResult): bigint {
  if (result === 'lose') return 0n;
  if (result === 'tie') return stake;
  const full = BigInt(100 * BP_PER_PERCENT);
  return divide(stake * (full + BigInt(payoutBp)), full, 'floor');
}

/** Profit (+) or loss (-) of a settled order in units: payout minus stake. */
export function optionProfit(stake: bigint, payout: bigint): bigint {
  return payout - stake;
}
