import Type, { type Static } from 'typebox';
import type { MarketRow } from '../../../db/repositories/market-repository.ts';
import type { OptionOrderRow } from '../../../db/repositories/option-repository.ts';
import { formatAddtime } from '../../../db/repositories/notice-repository.ts';
import { formatTrimmed, formatUnits } from '../../../domain/money.ts';
import { optionProfit } from '../../../domain/settlement.ts';
import { t } from '../../../i18n/index.ts';

/**
 * An options order (docs/product-rules.md#options) as api/Contrade answers it.
 * - status 1 open / 2 settled; is_win 0 open, 1 win, 2 lose, 3 tie (stake refunded), 4 void (the
 *   feed had no price at expiry: stake and fee refunded).
 * - ploss: signed profit of a settled order (`+8.00000000`, `-10.00000000`, `0.00000000` for a tie);
 *   `0.00000000` while open. `payout`: what settlement credited.
 * - buyprice / sellprice: the feed's last trade price at buy time / at expiry ('' while open or void),
 *   with `buyprice_ts` / `sellprice_ts` (epoch ms of the instant each price is for), and the market
 *   trade that set each: `buy_trade_id` / `buy_trade_ts`, `sell_trade_id` / `sell_trade_ts` (HTX
 *   tradeId and trade ts as the public feed published them; null while open, for a void order, and
 *   for orders placed before the server kept them).
 * - time: duration in seconds; count_down: whole seconds left until expiry (0 once due).
 * - hyzd: 1 up / 2 down, hyzd_text its label; num: the stake; ykbl: the payout percent applied.
 * - buytime / selltime: creation and expiry, "YYYY-MM-DD HH:mm:ss" UTC (`buytime_ms`, `selltime_ms`).
 */
export const OptionOrderView = Type.Object({
  order_id: Type.Integer(),
  m_id: Type.Integer(),
  symbol: Type.String(),
  coinname: Type.String({ description: 'BASE/QUOTE' }),
  status: Type.Union([Type.Literal(1), Type.Literal(2)]),
  is_win: Type.Integer({
    description: '0 open, 1 win, 2 lose, 3 tie (stake refunded), 4 void (stake and fee refunded)',
  }),
  ploss: Type.String(),
  payout: Type.String(),
  buyprice: Type.String(),
  buyprice_ts: Type.Integer(),
  sellprice: Type.String(),
  sellprice_ts: Type.Union([Type.Integer(), Type.Null()]),
  buy_trade_id: Type.Union([Type.String(), Type.Null()], {
    description: 'HTX tradeId of the market trade that set the buy price',
  }),
  buy_trade_ts: Type.Union([Type.Integer(), Type.Null()], {
    description: "That trade's ts in the public feed, epoch ms",
  }),
  sell_trade_id: Type.Union([Type.String(), Type.Null()], {
    description: 'HTX tradeId of the market trade that set the settlement price',
  }),
  sell_trade_ts: Type.Union([Type.Integer(), Type.Null()], {
    description: "That trade's ts in the public feed, epoch ms",
  }),
  time: Type.Integer({ description: 'Duration in seconds' }),
  count_down: Type.Integer({ description: 'Whole seconds until expiry, 0 once due' }),
  hyzd: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 up, 2 down' }),
  hyzd_text: Type.String(),
  num: Type.String({ description: 'The stake' }),
  fee: Type.String(),
  ykbl: Type.String({ description: 'Payout percent applied' }),
  stake_coin: Type.String(),
  buytime: Type.String(),
  selltime: Type.String(),
  buytime_ms: Type.Integer(),
  selltime_ms: Type.Integer(),
});
export type OptionOrderView = Static<typeof OptionOrderView>;

/** A basis-point percent as text: 8500 -> "85", 8550 -> "85.5". */
export function percentText(bp: number): string {
  return formatTrimmed(BigInt(bp) * 1_000_000n);
}

function signed(units: bigint): string {
  return units > 0n ? `+${formatUnits(units)}` : formatUnits(units);
}

export function optionOrderView(
  order: OptionOrderRow,
  market: MarketRow,
  stakeCoin: string,
  now: number,
  lang: string,
): OptionOrderView {
  const settled = order.status === 2;
  return {
    order_id: order.id,
    m_id: market.id,
    symbol: market.symbol,
    coinname: `${market.base_title}/${market.quote_title}`,
    status: order.status,
    is_win: order.result,
    ploss: settled ? signed(optionProfit(order.stake, order.payout)) : formatUnits(0n),
    payout: formatUnits(order.payout),
    buyprice: order.buy_price,
    buyprice_ts: order.buy_price_ts,
    sellprice: order.settle_price ?? '',
    sellprice_ts: order.settle_price_ts,
    buy_trade_id: order.buy_trade_id,
    buy_trade_ts: order.buy_trade_ts,
    sell_trade_id: order.settle_trade_id,
    sell_trade_ts: order.settle_trade_ts,
    time: order.seconds,
    count_down: Math.max(0, Math.ceil((order.expires_at - now) / 1000)),
    hyzd: order.direction,
    hyzd_text: t(lang, order.direction === 1 ? 'option.up' : 'option.down'),
    num: formatUnits(order.stake),
    fee: formatUnits(order.fee),
    ykbl: percentText(order.payout_bp),
    stake_coin: stakeCoin,
    buytime: formatAddtime(order.created_at),
    selltime: formatAddtime(order.expires_at),
    buytime_ms: order.created_at,
    selltime_ms: order.expires_at,
  };
}
