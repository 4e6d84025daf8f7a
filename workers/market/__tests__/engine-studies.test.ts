import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle, StudyPoint } from '../../../common/protocol.ts';
import { rsi, sma } from '../studies/indicators.ts';
import { createHarness, type Harness } from './support/fakes.ts';
import { klinePush, serveKlines } from './support/market-rest.ts';
import { advance, useEngineTimers } from './support/timers.ts';

type StudyWire = { reset: boolean; points: StudyPoint[] };
type CandleWire = { reset: boolean; bars: Candle[] };

describe('indicators in the engine', () => {
  let h: Harness;
  beforeEach(() => {
    useEngineTimers();
    h = createHarness();
    serveKlines(h.fetch);
  });
  afterEach(() => {
    h.engine.dispose();
    vi.useRealTimers();
  });

  it('are computed from the candles the engine holds (one topic, one history with the chart), per live bar', async () => {
    h.engine.subscribe(1, { kind: 'candles', symbol: 'btcusdt', period: '1min' });
    h.engine.subscribe(2, { kind: 'studies', symbol: 'btcusdt', period: '1min' });
    h.socket().accept();
    await advance(0);
    h.frames.tick();
    await advance(150);
    h.frames.tick();
    expect(h.socket().subs()).toEqual(['market.btcusdt.kline.1min']);
    expect(h.fetch.to('/market/history/kline')).toHaveLength(1);
    const bars = (h.log.valuesOf(1)[0] as CandleWire).bars;
    const first = h.log.valuesOf(2)[0] as StudyWire;
    expect(first.reset).toBe(true);
    expect(first.points.map((p) => p.time)).toEqual(bars.map((b) => b.time));
    const closes = bars.map((b) => Number(b.close));
    expect(first.points.map((p) => p.ma[1])).toEqual(sma(closes, 10));
    expect(first.points.map((p) => p.rsi)).toEqual(rsi(closes, 14).value);

    // A live bar: only its point travels, with the values a full computation gives.
    const last = bars.at(-1)!;
    await advance(200);
    h.socket().push(klinePush(last.time, '31000.5'));
    await advance(200);
    h.frames.tick();
    const live = h.log.lastOf(2) as StudyWire;
    expect(live.reset).toBe(false);
    expect(live.points.map((p) => p.time)).toEqual([last.time]);
    const updated = [...closes.slice(0, -1), 31000.5];
    expect(live.points[0]!.ma[0]).toBe(sma(updated, 5).at(-1));
    expect(live.points[0]!.rsi).toBe(rsi(updated, 14).value.at(-1));
  });

  it('leaving the indicators leaves the chart its candles; the last view leaving ends the topic', async () => {
    h.engine.subscribe(1, { kind: 'candles', symbol: 'btcusdt', period: '1min' });
    h.engine.subscribe(2, { kind: 'studies', symbol: 'btcusdt', period: '1min' });
    h.socket().accept();
    await advance(0);
    h.engine.unsubscribe(2);
    expect(h.socket().unsubs()).toEqual([]);
    h.engine.unsubscribe(1);
    expect(h.socket().unsubs()).toEqual(['market.btcusdt.kline.1min']);
  });
});
