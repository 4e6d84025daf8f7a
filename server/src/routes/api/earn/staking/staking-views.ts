import Type, { type Static } from 'typebox';
import type { StakingOrderRow, StakingProjectRow } from '../../../../db/repositories/staking-repository.ts';
import { percentText } from '../../../../domain/earn/earn-math.ts';
import type { LockedEarnings } from '../../../../domain/earn/locked-earnings.ts';
import { formatTrimmed, formatUnits } from '../../../../domain/money.ts';
import { t, type MessageKey } from '../../../../i18n/index.ts';
import { timeText } from '../earn-context.ts';

/** A staking project (spec §3) with its periods and the caller's balance of its coin. */
export const StakingProjectView = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  img: Type.String(),
  c_id: Type.Integer(),
  coin: Type.Object({ title: Type.String() }),
  type: Type.Integer({ description: '1: orders may be redeemed before their end' }),
  redeem_fee_rate: Type.String({ description: 'Percent of the principal an early redemption keeps' }),
  balance: Type.String({ description: "The caller's available balance of the coin" }),
  staking_info: Type.Array(
    Type.Object({
      id: Type.Integer({ description: 's_id of submitStaking' }),
      days: Type.Integer(),
      interest_rate: Type.String({ description: 'Yearly rate in percent (a year of 365 days)' }),
      min_price: Type.String({ description: 'Smallest amount, whole coins' }),
    }),
  ),
});
export type StakingProjectView = Static<typeof StakingProjectView>;

/** A staking order (spec §3). */
export const StakingOrderView = Type.Object({
  id: Type.Integer(),
  order_num: Type.String(),
  title: Type.String(),
  status: Type.Integer({ description: '0 staking, 1 ended, 2 redeemed' }),
  status_text: Type.String(),
  type: Type.Integer({ description: '1: may be redeemed before its end' }),
  addtime: Type.String(),
  start_time: Type.String(),
  end_time: Type.String(),
  start_time_ms: Type.Integer(),
  end_time_ms: Type.Integer(),
  coin: Type.String(),
  amount: Type.String(),
  days: Type.Integer(),
  interest_rate: Type.String({ description: 'Yearly rate in percent' }),
  total_revenue: Type.String({ description: 'Revenue paid so far' }),
  estimated_revenue: Type.String({ description: 'Revenue of the whole period: amount × rate / 100 × days / 365, rounded down to 1e-8' }),
  redeem_fee_rate: Type.String(),
  redeem_amount: Type.String({ description: 'What redeeming now gives back ("0" when it cannot be redeemed); after a redemption, what it gave' }),
});
export type StakingOrderView = Static<typeof StakingOrderView>;

const STATUS_TEXT: Record<StakingOrderRow['status'], MessageKey> = { 0: 'staking.status0', 1: 'staking.status1', 2: 'staking.status2' };

export function stakingProjectView(project: StakingProjectRow, balance: bigint): StakingProjectView {
  return {
    id: project.id,
    title: project.title,
    img: project.img,
    c_id: project.coin_id,
    coin: { title: project.coin },
    type: project.type,
    redeem_fee_rate: percentText(project.redeem_fee_ppm),
    balance: formatUnits(balance),
    staking_info: project.terms.map((term) => ({ id: term.id, days: term.days, interest_rate: percentText(term.rate_ppm), min_price: formatTrimmed(term.min_amount) })),
  };
}

export function stakingOrderView(order: StakingOrderRow, earnings: LockedEarnings<StakingOrderRow>, lang: string): StakingOrderView {
  return {
    id: order.id,
    order_num: order.order_num,
    title: order.title,
    status: order.status,
    status_text: t(lang, STATUS_TEXT[order.status]),
    type: order.type,
    addtime: timeText(order.start_time),
    start_time: timeText(order.start_time),
    end_time: timeText(order.end_time),
    start_time_ms: order.start_time,
    end_time_ms: order.end_time,
    coin: order.coin,
    amount: formatUnits(order.amount),
    days: order.days,
    interest_rate: percentText(order.rate_ppm),
    total_revenue: formatUnits(order.total_revenue),
    estimated_revenue: formatUnits(earnings.fullInterest(order)),
    redeem_fee_rate: percentText(order.redeem_fee_ppm),
    redeem_amount: formatUnits(order.status === 2 ? order.returned : earnings.redeemValue(order)),
  };
}
