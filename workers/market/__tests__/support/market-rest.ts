/** A deterministic market REST for engine tests: kline history up to the fake clock's current bar. */
import type { FakeFetch } from './fakes.ts';
import { text } from './fakes.ts';

/** The close of the bar opening at `time` (seconds), as the fake server tells it. */
export const closeAt = (time: number): string => `${30000 + (time / 60) % 500}.5`;

/** Serves GET /market/history/kline for 1min bars, newest first, ending at the bar holding "now". */
export function serveKlines(fetch: FakeFetch): void {
  fetch.on('/market/history/kline', (request) => {
    const size = Number(request.url.searchParams.get('size'));
    const current = Math.floor(Date.now() / 60_000) * 60;
    const data = Array.from({ length: size }, (_, i) => {
      const time = current - i * 60;
      const close = closeAt(time);
      return `{"id":${time},"open":${close},"close":${close},"low":${close},"high":${close},"amount":1.0,"vol":2.0E3,"count":1}`;
    });
    return text(`{"ch":"market.btcusdt.kline.1min","status":"ok","ts":${Date.now()},"data":[${data.join(',')}]}`);
  });
}

/** A kline push for the bar opening at `time` with close `close`. */
export function klinePush(time: number, close: string) {
  return {
    ch: 'market.btcusdt.kline.1min',
    ts: Date.now(),
    tick: { id: time, open: Number(close), close: Number(close), low: Number(close), high: Number(close), amount: 1, vol: 2000, count: 1 },
  };
}

/** A depth.step0 push with the given best bid. */
export function depthPush(symbol: string, bestBid: number, ts = Date.now()) {
  return {
    ch: `market.${symbol}.depth.step0`,
    ts,
    tick: { bids: [[bestBid, 1], [bestBid - 1, 2]], asks: [[bestBid + 1, 3]], version: ts, ts },
  };
}

let tradeId = 1_000;
/** A trade.detail push with `n` fresh trades (tradeIds ascending, newest first as HTX sends). */
export function tradePush(symbol: string, n: number) {
  const ids = Array.from({ length: n }, () => ++tradeId).reverse();
  return {
    ch: `market.${symbol}.trade.detail`,
    ts: Date.now(),
    tick: {
      id: 1,
      ts: Date.now(),
      data: ids.map((id) => ({ id: Number(`${id}00000000000000000000`), ts: Date.now(), tradeId: id, amount: 0.5, price: 100.25, direction: 'buy' })),
    },
  };
}
