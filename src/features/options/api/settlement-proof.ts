/**
 * Verifiable settlement: the market trades that set a settled order's prices, and the
 * check the Verify view makes against the feed's one-minute bar of each.
 */
import Big from 'big.js';
import type { Candle } from '../../../../common/protocol.ts';
import { toBig } from '../../../lib/money.ts';
import type { Formats } from '../../../lib/format.ts';

/** The trade behind a price, as the public feed published it. */
export interface ProofTrade {
  tradeId: string;
  /** The trade's `ts`, epoch ms. */
  ts: number;
  price: string;
}

/** The fields of an order answer that name its trades (null while open, for a void order, or for an older order). */
export interface OrderTrades {
  buyprice: string;
  sellprice: string;
  buy_trade_id?: string | null;
  buy_trade_ts?: number | null;
  sell_trade_id?: string | null;
  sell_trade_ts?: number | null;
}

function trade(id: string | null | undefined, ts: number | null | undefined, price: string): ProofTrade | null {
  return id && typeof ts === 'number' && toBig(price) ? { tradeId: id, ts, price } : null;
}

/** The entry (buy) and settlement trades an order names; null for one it does not name. */
export function proofTrades(order: OrderTrades): { entry: ProofTrade | null; settlement: ProofTrade | null } {
  return {
    entry: trade(order.buy_trade_id, order.buy_trade_ts, order.buyprice),
    settlement: trade(order.sell_trade_id, order.sell_trade_ts, order.sellprice),
  };
}

/** True when `price` lies within the bar's low and high (both included), compared exactly. */
export function priceInBar(bar: Pick<Candle, 'low' | 'high'>, price: string): boolean {
  const value = toBig(price);
  const low = toBig(bar.low);
  const high = toBig(bar.high);
  return value !== null && low !== null && high !== null && value.gte(low) && value.lte(high);
}

/**
 * Where `price` sits between the bar's low (0) and high (1), for the marker on the range line;
 * 0.5 for a bar whose low equals its high. Clamped to 0..1 (display only, never a decision).
 */
export function pricePosition(bar: Pick<Candle, 'low' | 'high'>, price: string): number {
  const low = toBig(bar.low) ?? new Big(0);
  const high = toBig(bar.high) ?? low;
  const value = toBig(price) ?? low;
  const span = high.minus(low);
  if (span.lte(0)) return 0.5;
  return Math.min(1, Math.max(0, Number(value.minus(low).div(span).toFixed(4))));
}

/** A bar's minute as "HH:mm–HH:mm" in the user's language and time zone. */
export function minuteText(barTimeSec: number, formats: Pick<Formats, 'minute'>): string {
  return `${formats.minute(barTimeSec * 1000)}–${formats.minute((barTimeSec + 60) * 1000)}`;
}
