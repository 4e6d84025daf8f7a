import Type, { type Static } from 'typebox';
import type { MiningOrderRow, MiningProductRow } from '../../../../db/repositories/mining-repository.ts';
import { percentText } from '../../../../domain/earn/earn-math.ts';
import type { LockedEarnings } from '../../../../domain/earn/locked-earnings.ts';
import { formatTrimmed, formatUnits } from '../../../../domain/money.ts';
import { t, type MessageKey } from '../../../../i18n/index.ts';
import { timeText } from '../earn-context.ts';

/** A mining product (spec §3) as api/Machine answers it, with the caller's balance of its coin. */
export const MiningProductView = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  img: Type.String(),
  coin_title: Type.String(),
  c_id: Type.Integer(),
  min_price: Type.String({ description: 'Smallest amount, whole coins (the bound buyMiningMachine checks)' }),
  max_price: Type.String({ description: 'Largest amount, whole coins' }),
  interest_rate: Type.String({ description: 'Daily rate in percent per lock period, comma list in the order of cycle, e.g. "0.3,0.4,0.5"' }),
  cycle: Type.String({ description: 'Lock periods in days, comma list, shortest first, e.g. "7,15,30"' }),
  type: Type.Integer({ description: '1: orders may be redeemed before their end' }),
  redeem_fee_rate: Type.String({ description: 'Percent of the principal an early redemption keeps' }),
  balance: Type.String({ description: "The caller's available balance of the coin" }),
});
export type MiningProductView = Static<typeof MiningProductView>;

/** A mining order (spec §3). */
export const MiningOrderView = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  img: Type.String(),
  order_num: Type.String(),
  start_time: Type.String(),
  end_time: Type.String(),
  start_time_ms: Type.Integer(),
  end_time_ms: Type.Integer(),
  amount: Type.String(),
  coin: Type.String(),
  interest_rate: Type.String({ description: 'Daily rate in percent' }),
  days: Type.Integer(),
  total_revenue: Type.String({ description: 'Interest paid so far' }),
  estimated_revenue: Type.String({ description: 'Interest of the whole period: amount × rate × days / 100, rounded down to 1e-8' }),
  status: Type.Integer({ description: '0 running, 1 ended, 2 redeemed' }),
  status_text: Type.String(),
  type: Type.Integer({ description: '1: may be redeemed before its end' }),
  redeem_fee_rate: Type.String({ description: 'Percent of the principal an early redemption keeps' }),
  redeem_amount: Type.String({ description: 'What redeeming now gives back ("0" when it cannot be redeemed); after a redemption, what it gave' }),
});
export type MiningOrderView = Static<typeof MiningOrderView>;

const STATUS_TEXT: Record<MiningOrderRow['status'], MessageKey> = { 0: 'mining.status0', 1: 'mining.status1', 2: 'mining.status2' };

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

export function miningOrderView(order: MiningOrderRow, earnings: LockedEarnings<MiningOrderRow>, lang: string): MiningOrderView {
  return {
    id: order.id,
    title: order.title,
    img: order.img,
    order_num: order.order_num,
    start_time: timeText(order.start_time),
    end_time: timeText(order.end_time),
    start_time_ms: order.start_time,
    end_time_ms: order.end_time,
    amount: formatUnits(order.amount),
    coin: order.coin,
    interest_rate: percentText(order.rate_ppm),
    days: order.days,
    total_revenue: formatUnits(order.total_revenue),
    estimated_revenue: formatUnits(earnings.fullInterest(order)),
    status: order.status,
    status_text: t(lang, STATUS_TEXT[order.status]),
    type: order.type,
    redeem_fee_rate: percentText(order.redeem_fee_ppm),
    redeem_amount: formatUnits(order.status === 2 ? order.returned : earnings.redeemValue(order)),
  };
}
