/** A deterministic market REST for engine tests: kline history up to the fake clock's current bar. */
import type { CandlePeriod } from '../../../../common/protocol.ts';
import { PERIOD_SECONDS } from '../../streams/candle-source.ts';
import type { FakeFetch, RecordedRequest } from './fakes.ts';
import { text } from './fakes.ts';

/** The close of the bar opening at `time` (seconds), as the fake server tells it. */
export const closeAt = (time: number): string => `${30000 + ((time / 60) % 500)}.5`;

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

/**
 * The close of the bar opening at `time` while it is still open, `elapsed` seconds in. It differs
 * from the bar's final close ({@link closeAt}) and from its close at any other second, so a test can
 * tell which moment of a bar the engine holds.
 */
export const openCloseAt = (time: number, elapsed: number): string =>
  `${30000 + ((time / 60) % 500)}.${String(elapsed).padStart(2, '0')}1`;

/**
 * GET /market/history/kline of any period as a live exchange answers it now: bars newest first up
 * to the one holding "now"; closed bars carry their final close, the open bar its close so far.
 */
export function liveKlineAnswer(request: RecordedRequest): Response {
  const period = request.url.searchParams.get('period') as CandlePeriod;
  const seconds = PERIOD_SECONDS[period];
  const size = Number(request.url.searchParams.get('size'));
  const nowSec = Date.now() / 1000;
  const current = Math.floor(nowSec / seconds) * seconds;
  const data = Array.from({ length: size }, (_, i) => {
    const time = current - i * seconds;
    const close = i === 0 ? openCloseAt(time, Math.floor(nowSec - time)) : closeAt(time);
    return `{"id":${time},"open":${close},"close":${close},"low":${close},"high":${close},"amount":1.0,"vol":2.0E3,"count":1}`;
  });
  return text(`{"ch":"market.btcusdt.kline.${period}","status":"ok","ts":${Date.now()},"data":[${data.join(',')}]}`);
}

/** Serves {@link liveKlineAnswer}; while `failing()` is true the answer is an HTTP 503 instead. */
export function serveLiveKlines(fetch: FakeFetch, failing: () => boolean = () => false): void {
  fetch.on('/market/history/kline', (request) =>
    failing() ? new Response('unavailable', { status: 503 }) : liveKlineAnswer(request),
  );
}

/** A kline push for the bar opening at `time` with close `close`. */
export function klinePush(time: number, close: string, period: CandlePeriod = '1min') {
  return {
    ch: `market.btcusdt.kline.${period}`,
    ts: Date.now(),
    tick: {
      id: time,
      open: Number(close),
      close: Number(close),
      low: Number(close),
      high: Number(close),
      amount: 1,
      vol: 2000,
      count: 1,
    },
  };
}

/** A depth.step0 push with the given best bid. */
export function depthPush(symbol: string, bestBid: number, ts = Date.now()) {
  return {
    ch: `market.${symbol}.depth.step0`,
    ts,
    tick: {
      bids: [
        [bestBid, 1],
        [bestBid - 1, 2],
      ],
      asks: [[bestBid + 1, 3]],
      version: ts,
      ts,
    },
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
      data: ids.map((id) => ({
        id: Number(`${id}00000000000000000000`),
        ts: Date.now(),
        tradeId: id,
        amount: 0.5,
        price: 100.25,
        direction: 'buy',
      })),
    },
  };
}
