import Type, { type Static } from 'typebox';
import type { StakingOrderRow, StakingProjectRow } from '../../../../db/repositories/staking-repository.ts';
import { percentText } from '../../../../domain/earn/earn-math.ts';
import type { LockedEarnings } from '../../../../domain/earn/locked-earnings.ts';
import { formatTrimmed, formatUnits } from '../../../../domain/money.ts';
import type { MessageKey } from '../../../../i18n/index.ts';
import { lockedOrderSchema, lockedOrderView } from '../locked-order-view.ts';

/** A staking project (docs/product-rules.md#staking) with its periods and the caller's balance of its coin. */
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

/** A staking order. */
export const StakingOrderView = lockedOrderSchema(
  {
    status: '0 staking, 1 ended, 2 redeemed',
    rate: 'Yearly rate in percent',
    paid: 'Revenue paid so far',
    estimate: 'Revenue of the whole period: amount × rate / 100 × days / 365, rounded down to 1e-8',
  },
  [
    'id',
    'order_num',
    'title',
    'status',
    'status_text',
    'type',
    'addtime',
    'start_time',
    'end_time',
    'start_time_ms',
    'end_time_ms',
    'coin',
    'amount',
    'days',
    'interest_rate',
    'total_revenue',
    'estimated_revenue',
    'redeem_fee_rate',
    'redeem_amount',
  ],
);
export type StakingOrderView = Static<typeof StakingOrderView>;

const STATUS_TEXT: Record<StakingOrderRow['status'], MessageKey> = {
  0: 'staking.status0',
  1: 'staking.status1',
  2: 'staking.status2',
};

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
    staking_info: project.terms.map((term) => ({
      id: term.id,
      days: term.days,
      interest_rate: percentText(term.rate_ppm),
      min_price: formatTrimmed(term.min_amount),
    })),
  };
}

export function stakingOrderView(
  order: StakingOrderRow,
  earnings: LockedEarnings<StakingOrderRow>,
  lang: string,
): StakingOrderView {
  return lockedOrderView(StakingOrderView, order, earnings, lang, STATUS_TEXT);
}
