/**
 * QA only: what the UI received from the market engine, for the fault soak (bench/fault-soak.ts).
 * engine-streams.ts loads this module on `__marketEngine.observe()` and hands it every
 * value a market stream gives the screens, after the reducers: exactly what the chart, the book and
 * the day summary render. It keeps a short event per value (with the time it arrived) and the
 * latest value of each stream. Loaded on demand, so no screen carries it.
 */
import type { Book, CandleSeries, DaySummary, StreamKey } from '../../common/protocol.ts';

/** One value a screen received, in brief. `at` is when it arrived (epoch ms, this machine's clock). */
export type ObservedEvent =
  | { kind: 'book'; symbol: string; at: number; ts: number; levels: number }
  | { kind: 'ticker'; symbol: string; at: number; ts: number }
  | { kind: 'daySummary'; symbol: string; at: number; ts: number }
  | {
      kind: 'candles';
      symbol: string;
      period: string;
      at: number;
      resetId: number;
      bars: number;
      lastTime: number | null;
      lastCount: number | null;
    };

/** A book as plain arrays, best levels first: `[price, size]` pairs. */
export interface ObservedBook {
  symbol: string;
  at: number;
  ts: number;
  bids: [number, number][];
  asks: [number, number][];
}

/** The latest value of every observed stream. */
export interface ObservedSnapshot {
  books: ObservedBook[];
  candles: (CandleSeries & { at: number })[];
  tickers: (DaySummary & { at: number })[];
  daySummaries: (DaySummary & { at: number })[];
}

/** Events kept between two drains; a soak drains several times a second, so this only caps a forgotten observer. */
const MAX_EVENTS = 50_000;

const pairs = (side: Float64Array): [number, number][] => {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < side.length; i += 2) out.push([side[i] as number, side[i + 1] as number]);
  return out;
};

export class StreamObserver {
  private events: ObservedEvent[] = [];
  private readonly books = new Map<string, { at: number; book: Book }>();
  private readonly candles = new Map<string, CandleSeries & { at: number }>();
  private readonly tickers = new Map<string, DaySummary & { at: number }>();
  private readonly daySummaries = new Map<string, DaySummary & { at: number }>();

  /** Takes one value a screen received for `key`. */
  record(key: StreamKey, value: unknown, at = Date.now()): void {
    switch (key.kind) {
      case 'book': {
        const book = value as Book;
        this.books.set(key.symbol, { at, book });
        this.push({
          kind: 'book',
          symbol: key.symbol,
          at,
          ts: book.ts,
          levels: (book.bids.length + book.asks.length) / 2,
        });
        return;
      }
      case 'ticker':
      case 'daySummary': {
        const summary = value as DaySummary;
        (key.kind === 'ticker' ? this.tickers : this.daySummaries).set(key.symbol, { ...summary, at });
        this.push({ kind: key.kind, symbol: key.symbol, at, ts: summary.ts });
        return;
      }
      case 'candles': {
        const series = value as CandleSeries;
        const last = series.bars[series.bars.length - 1];
        this.candles.set(`${key.symbol}:${key.period}`, { ...series, at });
        this.push({
          kind: 'candles',
          symbol: key.symbol,
          period: key.period,
          at,
          resetId: series.resetId,
          bars: series.bars.length,
          lastTime: last?.time ?? null,
          lastCount: last?.count ?? null,
        });
        return;
      }
      default:
        return;
    }
  }

  /** The events since the previous drain, oldest first. */
  drain(): ObservedEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  /** The latest value of every stream, as plain data (it crosses to the soak as JSON). */
  snapshot(): ObservedSnapshot {
    return {
      books: [...this.books.values()].map(({ at, book }) => ({
        symbol: book.symbol,
        at,
        ts: book.ts,
        bids: pairs(book.bids),
        asks: pairs(book.asks),
      })),
      candles: [...this.candles.values()].map((series) => ({ ...series, bars: series.bars.slice() })),
      tickers: [...this.tickers.values()],
      daySummaries: [...this.daySummaries.values()],
    };
  }

  private push(event: ObservedEvent): void {
    if (this.events.length >= MAX_EVENTS) this.events.shift();
    this.events.push(event);
  }
}
