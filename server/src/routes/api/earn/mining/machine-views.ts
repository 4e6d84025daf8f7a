import Type, { type Static } from 'typebox';
import type { MiningOrderRow, MiningProductRow } from '../../../../db/repositories/mining-repository.ts';
import { percentText } from '../../../../domain/earn/earn-math.ts';
import type { LockedEarnings } from '../../../../domain/earn/locked-earnings.ts';
import { formatTrimmed, formatUnits } from '../../../../domain/money.ts';
import type { MessageKey } from '../../../../i18n/index.ts';
import { lockedOrderSchema, lockedOrderView } from '../locked-order-view.ts';

/** A mining product (docs/product-rules.md#lock-mining) as api/Machine answers it, with the caller's balance of its coin. */
export const MiningProductView = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  img: Type.String(),
  coin_title: Type.String(),
  c_id: Type.Integer(),
  min_price: Type.String({ description: 'Smallest amount, whole coins (the bound buyMiningMachine checks)' }),
  max_price: Type.String({ description: 'Largest amount, whole coins' }),
  interest_rate: Type.String({
    description: 'Daily rate in percent per lock period, comma list in the order of cycle, e.g. "0.3,0.4,0.5"',
  }),
  cycle: Type.String({ description: 'Lock periods in days, comma list, shortest first, e.g. "7,15,30"' }),
  type: Type.Integer({ description: '1: orders may be redeemed before their end' }),
  redeem_fee_rate: Type.String({ description: 'Percent of the principal an early redemption keeps' }),
  balance: Type.String({ description: "The caller's available balance of the coin" }),
});
export type MiningProductView = Static<typeof MiningProductView>;

/** A mining order. */
export const MiningOrderView = lockedOrderSchema(
  {
    status: '0 running, 1 ended, 2 redeemed',
    rate: 'Daily rate in percent',
    paid: 'Interest paid so far',
    estimate: 'Interest of the whole period: amount × rate × days / 100, rounded down to 1e-8',
    fee: 'Percent of the principal an early redemption keeps',
  },
  [
    'id',
    'title',
    'img',
    'order_num',
    'start_time',
    'end_time',
    'start_time_ms',
    'end_time_ms',
    'amount',
    'coin',
    'interest_rate',
    'days',
    'total_revenue',
    'estimated_revenue',
    'status',
    'status_text',
    'type',
    'redeem_fee_rate',
    'redeem_amount',
  ],
);
export type MiningOrderView = Static<typeof MiningOrderView>;

const STATUS_TEXT: Record<MiningOrderRow['status'], MessageKey> = {
  0: 'mining.status0',
  1: 'mining.status1',
  2: 'mining.status2',
};

export function miningProductView(product: MiningProductRow, balance: bigint): MiningProductView {
  return {
    id: product.id,
    title: product.title,
    img: product.img,
    coin_title: product.coin,
    c_id: product.coin_id,
    min_price: formatTrimmed(product.min_amount),
    max_price: formatTrimmed(product.max_amount),
    interest_rate: product.terms.map((term) => percentText(term.rate_ppm)).join(','),
    cycle: product.terms.map((term) => term.days).join(','),
    type: product.type,
    redeem_fee_rate: percentText(product.redeem_fee_ppm),
    balance: formatUnits(balance),
  };
}

export function miningOrderView(
  order: MiningOrderRow,
  earnings: LockedEarnings<MiningOrderRow>,
  lang: string,
): MiningOrderView {
  return lockedOrderView(MiningOrderView, order, earnings, lang, STATUS_TEXT, { img: order.img });
}
