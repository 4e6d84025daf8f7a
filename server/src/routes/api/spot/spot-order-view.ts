import Type, { type Static } from 'typebox';
import type { MarketRow } from '../../../db/repositories/market-repository.ts';
import type { SpotOrderRow } from '../../../db/repositories/spot-order-repository.ts';
import { formatTrimmed, formatUnits, valueOf } from '../../../domain/money.ts';
import { formatAddtime } from '../../../db/repositories/notice-repository.ts';
import { t } from '../../../i18n/index.ts';

/** Decimals a pair's prices and quantities are shown with. */
export interface PairPrecision {
  pricePrecision: number;
  amountPrecision: number;
}

/**
 * A spot order record (docs/product-rules.md#spot-orders) as api/Trade answers it. Amounts are decimal strings; times are
 * "YYYY-MM-DD HH:mm:ss" UTC.
 * - `price`: the average fill price once completed, else the limit price; `xjprice`: the limit
 *   price ('' for a market order).
 * - `predict_num`: the base quantity ordered (a market buy orders a value, `budget`, so it shows
 *   what it bought); `coinnum`: the base quantity filled.
 * - `amount`: the quote value traded (paid, or received before fee) once the order is finished
 *   with fills (completed, or cancelled after a partial fill); the limit value of the whole order
 *   while open or when cancelled before any fill; `fee` (all fills so far) in `fee_coin`; `total`:
 *   the quote value filled so far in every status (a marketable limit's book part at the book's
 *   prices plus its resting fills at the limit).
 * - `status_text`: Open / Completed / Cancelled / Waiting for trigger, or "Partially filled" for an
 *   open order with fills and "Partially filled, cancelled" for a cancelled one (`status` stays 1 or 3).
 * - a stop-limit (`operate_type` 3) waits with status 4 until a print reaches `trigger_price`, then
 *   is a limit order at `xjprice` (status 1 on) from `triggered_at`.
 */
export const SpotOrderView = Type.Object({
  id: Type.Integer(),
  m_id: Type.Integer(),
  symbol: Type.String(),
  title: Type.String({ description: 'BASE/QUOTE' }),
  type: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 buy, 2 sell' }),
  type_text: Type.String(),
  operate_type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
    description: '1 limit, 2 market, 3 stop-limit',
  }),
  ordertype_text: Type.String(),
  coinname: Type.String({ description: 'Base coin' }),
  trade_coin: Type.String({ description: 'Quote coin' }),
  addtime: Type.String(),
  tradetime: Type.String({ description: "Completion time, '' until completed" }),
  status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)], {
    description: '1 open, 2 completed, 3 cancelled, 4 waiting for its trigger (a stop-limit; cancellable like 1)',
  }),
  status_text: Type.String(),
  xjprice: Type.String(),
  price: Type.String(),
  predict_num: Type.String(),
  coinnum: Type.String(),
  amount: Type.String(),
  budget: Type.String({ description: "A market buy's quote budget, '' otherwise" }),
  fee: Type.String(),
  fee_coin: Type.String(),
  trigger_price: Type.String({ description: "A stop-limit's trigger price, '' for other orders" }),
  triggered_at: Type.Integer({ description: 'When a stop-limit fired (epoch ms), 0 until then and for other orders' }),
  total: Type.String({
    description: 'The quote value filled so far (paid, or received before fee), whatever the status',
  }),
});
export type SpotOrderView = Static<typeof SpotOrderView>;

const STATUS_KEYS = {
  1: 'trade.statusOpen',
  2: 'trade.statusDone',
  3: 'trade.statusCancelled',
  4: 'trade.statusWaiting',
} as const;
const PARTIAL_STATUS_KEYS = {
  1: 'trade.statusPartial',
  2: 'trade.statusDone',
  3: 'trade.statusPartialCancelled',
  4: 'trade.statusWaiting',
} as const;
const ORDER_TYPE_KEYS = { 1: 'trade.limit', 2: 'trade.market', 3: 'trade.stopLimit' } as const;

export function spotOrderView(
  order: SpotOrderRow,
  market: MarketRow,
  precision: PairPrecision,
  lang: string,
): SpotOrderView {
  const priceText = (units: bigint | null): string =>
    units === null ? '' : formatTrimmed(units, precision.pricePrecision);
  const quantityText = (units: bigint): string => formatTrimmed(units, precision.amountPrecision);
  const limitValue =
    order.price !== null && order.quantity !== null
      ? valueOf(order.quantity, order.price, order.side === 1 ? 'ceil' : 'floor')
      : 0n;
  const done = order.status === 2;
  const partly = order.filled_qty > 0n;
  const traded = done || (order.status === 3 && partly);
  const ordered = order.quantity ?? order.filled_qty;
  return {
    id: order.id,
    m_id: market.id,
    symbol: market.symbol,
    title: `${market.base_title}/${market.quote_title}`,
    type: order.side,
    type_text: t(lang, order.side === 1 ? 'trade.buy' : 'trade.sell'),
    operate_type: order.order_type,
    ordertype_text: t(lang, ORDER_TYPE_KEYS[order.order_type]),
    coinname: market.base_title,
    trade_coin: market.quote_title,
    addtime: formatAddtime(order.created_at),
    tradetime: done ? formatAddtime(order.updated_at) : '',
    status: order.status,
    status_text: t(lang, (partly ? PARTIAL_STATUS_KEYS : STATUS_KEYS)[order.status]),
    xjprice: priceText(order.price),
    price: done ? priceText(order.avg_price) : priceText(order.price),
    predict_num: quantityText(ordered),
    coinnum: quantityText(order.filled_qty),
    amount: formatUnits(traded ? order.filled_value : limitValue),
    budget: order.budget === null ? '' : formatUnits(order.budget),
    fee: formatUnits(order.fee),
    fee_coin:
      order.fee_coin_id === null
        ? ''
        : order.fee_coin_id === market.base_coin_id
          ? market.base_title
          : market.quote_title,
    trigger_price: priceText(order.trigger_price),
    triggered_at: order.triggered_at ?? 0,
    total: formatUnits(order.filled_value),
  };
}
