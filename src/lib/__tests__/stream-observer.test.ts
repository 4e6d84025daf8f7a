import { describe, expect, it } from 'vitest';
import type { Book, CandleSeries, DaySummary } from '../../../common/protocol.ts';
import { StreamObserver } from '../stream-observer.ts';

const summary = (ts: number): DaySummary => ({
  symbol: 'btcusdt',
  ts,
  open: '1',
  high: '2',
  low: '0.5',
  close: '1.5',
  amount: '10',
  vol: '15',
  count: 3,
});
const bar = (time: number, count: number) => ({
  time,
  open: '1',
  high: '1',
  low: '1',
  close: '1',
  amount: '1',
  vol: '1',
  count,
});

describe('stream observer (QA)', () => {
  it('keeps a brief event per value with its arrival time, and the latest value of each stream', () => {
    const observer = new StreamObserver();
    const book: Book = {
      symbol: 'btcusdt',
      ts: 5,
      bids: new Float64Array([100, 1, 99, 2]),
      asks: new Float64Array([101, 3]),
    };
    const series: CandleSeries = { symbol: 'btcusdt', period: '1min', bars: [bar(60, 4), bar(120, 7)], resetId: 2 };
    observer.record({ kind: 'book', symbol: 'btcusdt', levels: 20 }, book, 1_000);
    observer.record({ kind: 'candles', symbol: 'btcusdt', period: '1min' }, series, 1_001);
    observer.record({ kind: 'ticker', symbol: 'btcusdt' }, summary(7), 1_002);
    observer.record({ kind: 'daySummary', symbol: 'btcusdt' }, summary(8), 1_003);
    observer.record({ kind: 'notices', unreadSwitch: true }, null, 1_004);

    expect(observer.drain()).toEqual([
      { kind: 'book', symbol: 'btcusdt', at: 1_000, ts: 5, levels: 3 },
      {
        kind: 'candles',
        symbol: 'btcusdt',
        period: '1min',
        at: 1_001,
        resetId: 2,
        bars: 2,
        lastTime: 120,
        lastCount: 7,
      },
      { kind: 'ticker', symbol: 'btcusdt', at: 1_002, ts: 7 },
      { kind: 'daySummary', symbol: 'btcusdt', at: 1_003, ts: 8 },
    ]);
    expect(observer.drain()).toEqual([]);
    const snapshot = observer.snapshot();
    expect(snapshot.books).toEqual([
      {
        symbol: 'btcusdt',
        at: 1_000,
        ts: 5,
        bids: [
          [100, 1],
          [99, 2],
        ],
        asks: [[101, 3]],
      },
    ]);
    expect(snapshot.candles).toEqual([{ ...series, at: 1_001 }]);
    expect(snapshot.tickers).toEqual([{ ...summary(7), at: 1_002 }]);
    expect(snapshot.daySummaries).toEqual([{ ...summary(8), at: 1_003 }]);
  });

  it('an emptied book (the socket dropped) is an event with no levels', () => {
    const observer = new StreamObserver();
    observer.record(
      { kind: 'book', symbol: 'btcusdt' },
      { symbol: 'btcusdt', ts: 9, bids: new Float64Array(0), asks: new Float64Array(0) },
      2_000,
    );
    expect(observer.drain()).toEqual([{ kind: 'book', symbol: 'btcusdt', at: 2_000, ts: 9, levels: 0 }]);
  });
});
