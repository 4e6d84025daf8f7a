/**
 * One-line React hooks over the market engine's streams. Each returns null (or an empty
 * tape) until the first value, so screens show their skeleton. Values arrive at most once per
 * animation frame; hot data never passes through valtio (docs/architecture.md#one-batch-per-frame).
 */
import type { Book, CandlePeriod, CandleSeries, DaySummary, FeedStatus, Trade } from '../../common/protocol.ts';
import { engineStream } from './engine-client.ts';
import { useObservable } from './use-observable.ts';

const NO_TRADES: readonly Trade[] = [];

/** Live 24 h ticker of a pair over the socket. */
export const useTicker = (symbol: string): DaySummary | null =>
  useObservable<DaySummary | null>(engineStream({ kind: 'ticker', symbol }), null);

/**
 * Live order book, `levels` rows per side (default 20), prices grouped by `step` (0 none, 1-5:
 * 10^step ticks); rows are read with `bookRows`. Views of the same book share one subscription
 * (the order book and the depth chart), and read the same transferred arrays.
 */
export const useBook = (symbol: string, levels = 20, step = 0): Book | null =>
  useObservable<Book | null>(engineStream({ kind: 'book', symbol, levels, step }), null);

/** The chart's series: history plus live bars (see CandleSeries for setData/update). The app's chart reads the stream itself, with no React render per batch (MarketChart). */
export const useCandles = (symbol: string, period: CandlePeriod): CandleSeries | null =>
  useObservable<CandleSeries | null>(engineStream({ kind: 'candles', symbol, period }), null);

/** The trade tape, newest first. */
export const useTrades = (symbol: string): readonly Trade[] =>
  useObservable<readonly Trade[]>(engineStream({ kind: 'trades', symbol }), NO_TRADES);

/** The day summary polled every 5 s (options chart view, docs/product-rules.md#market-data). */
export const useDaySummary = (symbol: string): DaySummary | null =>
  useObservable<DaySummary | null>(engineStream({ kind: 'daySummary', symbol }), null);

/** The socket's state and counters (connection indicator). */
export const useFeedStatus = (): FeedStatus | null =>
  useObservable<FeedStatus | null>(engineStream({ kind: 'feedStatus' }), null);
