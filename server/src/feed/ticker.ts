import type { BboTick, DetailTick, TickerTick } from './types.ts';

/** The `ticker` topic is the 24 h detail, the best bid/ask and the last trade side by side. */
export function composeTicker(detail: DetailTick, bbo: BboTick, last: { price: number; size: number }): TickerTick {
  return {
    amount: detail.amount,
    count: detail.count,
    open: detail.open,
    close: detail.close,
    low: detail.low,
    high: detail.high,
    vol: detail.vol,
    bid: bbo.bid,
    bidSize: bbo.bidSize,
    ask: bbo.ask,
    askSize: bbo.askSize,
    lastPrice: last.price,
    lastSize: last.size,
  };
}
