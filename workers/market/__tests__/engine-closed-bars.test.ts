/**
 * A chart's closed bars must equal the server's history bar for bar, whatever faults came
 * between. An HTX-style feed pushes the open bar at intervals (our server once a second), so the
 * last push of a bar never carries the trades of its last moments, and a stall that spans the close
 * (shorter than the 10 s watchdog) loses many seconds of them. The fake exchange here answers REST
 * like a live one: closed bars with their final close, the open bar with its close so far.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle, CandlePeriod, CandleSeries } from '../../../common/protocol.ts';
import { reduceCandles } from '../../../common/stream-reducers.ts';
import { createHarness, type Harness, text } from './support/fakes.ts';
import { closeAt, klinePush, liveKlineAnswer, openCloseAt, serveLiveKlines } from './support/market-rest.ts';
import { advance, useEngineTimers } from './support/timers.ts';

/** docs/product-rules.md#market-data and docs/architecture.md#watchdog, written out so a changed constant fails these tests. */
const RECONNECT_MS = 3_000;
/** Longest quiet time that does not trip the 10 s watchdog. */
const UNDER_WATCHDOG_MS = 9_000;
/** docs/architecture.md#watchdog: 10 s without a frame, checked every second. */
const PAST_WATCHDOG_MS = 16_000;

type CandleWire = { reset: boolean; bars: Candle[] };
const KEY = { kind: 'candles', symbol: 'btcusdt', period: '1min' } as const;
const DETAIL =
  '{"ch":"market.btcusdt.detail","status":"ok","ts":1629795484817,"tick":{"id":1,"low":1.0,"high":2.0,"open":1.5,"close":1.75,"vol":10.0,"amount":5.0,"version":1,"count":3}}';

describe('engine: closed bars equal the server history', () => {
  let h: Harness;
  /** The minute the test starts in (the fake clock starts on a minute boundary). */
  let M: number;
  let restDown = false;

  beforeEach(() => {
    useEngineTimers();
    h = createHarness();
    restDown = false;
    serveLiveKlines(h.fetch, () => restDown);
    h.fetch.on('/market/detail', () => text(DETAIL));
    M = Math.floor(Date.now() / 60_000) * 60;
  });
  afterEach(() => {
    h.engine.dispose();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** Seconds since the start of minute M. */
  const second = (): number => Math.floor(Date.now() / 1000) - M;

  /** The feed pushes the open bar of `period` as it stands now (the open bar's close so far). */
  const pushOpenBar = (period: CandlePeriod = '1min'): void => {
    const seconds = period === '1min' ? 60 : 300;
    const nowSec = Math.floor(Date.now() / 1000);
    const open = Math.floor(nowSec / seconds) * seconds;
    h.socket().push(klinePush(open, openCloseAt(open, nowSec - open), period));
  };

  /** A live feed for `ms`: the open bar is pushed every second (frames keep the watchdog quiet). */
  const live = async (ms: number, period: CandlePeriod = '1min'): Promise<void> => {
    for (let left = ms; left > 0; left -= 1_000) {
      await advance(Math.min(1_000, left));
      pushOpenBar(period);
    }
  };

  /** The series the UI holds for subscription `id` after delivering what is pending. */
  const uiSeries = async (
    id = 1,
    key: { kind: 'candles'; symbol: string; period: CandlePeriod } = KEY,
  ): Promise<CandleSeries> => {
    for (let i = 0; i < 3; i++) {
      await advance(100);
      h.frames.tick();
    }
    let series: CandleSeries | undefined;
    for (const wire of h.log.valuesOf(id) as CandleWire[]) series = reduceCandles(key, series, wire);
    if (!series) throw new Error('no candles delivered');
    return series;
  };

  const closeOf = (series: CandleSeries, time: number): string | undefined =>
    series.bars.find((bar) => bar.time === time)?.close;

  /** The server drops the socket; 3 s later the engine's new one opens. */
  const dropAndReconnect = async (): Promise<void> => {
    const before = h.sockets.length;
    h.socket().drop();
    await advance(RECONNECT_MS);
    expect(h.sockets).toHaveLength(before + 1);
    h.socket().accept();
    await advance(0);
  };

  const klineRequests = () => h.fetch.to('/market/history/kline');

  it('a bar that closed is refreshed from REST: its last push came before its last trades', async () => {
    h.engine.subscribe(1, KEY);
    h.socket().accept();
    await live(59_000);
    expect(closeOf(await uiSeries(), M)).toBe(openCloseAt(M, 59));
    await live(3_000);
    const series = await uiSeries();
    expect(closeOf(series, M)).toBe(closeAt(M));
    // The open bar is the feed's, not replaced by the refresh's older view of it.
    expect(closeOf(series, M + 60)).toBe(openCloseAt(M + 60, second() - 60));
    // History, then one refresh for the one bar that closed: no request per push.
    await live(20_000);
    expect(klineRequests()).toHaveLength(2);
  });

  it('backfilled while open, then a stall across its close, then a reconnect: the bar still ends with the server close', async () => {
    h.engine.subscribe(1, KEY);
    h.socket().accept();
    await live(20_000);
    // A drop while the bar is open: the reconnect's backfill brings the bar as it stood then.
    await dropAndReconnect();
    expect(closeOf(await uiSeries(), M)).toBe(openCloseAt(M, 23));
    await live(31_000);
    expect(second()).toBe(54);
    // The feed stalls across the close; the stall is too short for the watchdog.
    await advance(UNDER_WATCHDOG_MS);
    expect(h.sockets).toHaveLength(2);
    await live(4_000);
    // A later drop: its backfill starts at the newest bar held, the one after the stale bar.
    await dropAndReconnect();
    await live(5_000);
    const series = await uiSeries();
    expect(closeOf(series, M)).toBe(closeAt(M));
    expect(series.bars.map((bar) => bar.time).slice(-2)).toEqual([M, M + 60]);
  });

  it('a watchdog recovery after a long stall across the close: every bar that closed meanwhile is the server one', async () => {
    h.engine.subscribe(1, KEY);
    h.socket().accept();
    await live(50_000);
    await advance(PAST_WATCHDOG_MS);
    expect(h.sockets.length).toBe(2);
    h.socket().accept();
    await live(3_000);
    const series = await uiSeries();
    expect(closeOf(series, M)).toBe(closeAt(M));
    expect(series.bars.at(-1)?.time).toBe(M + 60);
  });

  it('a bar that closed just before a drop: the reconnect backfill starts at it, not at the newest bar', async () => {
    h.engine.subscribe(1, KEY);
    h.socket().accept();
    await live(60_000);
    // The bar of minute M+1 arrives, then the socket drops before the refresh of minute M could run;
    // REST is down until the socket is back, so only the reconnect can repair it.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    restDown = true;
    h.socket().drop();
    await advance(RECONNECT_MS - 100);
    restDown = false;
    await advance(100);
    h.socket().accept();
    await advance(0);
    await live(2_000);
    expect(closeOf(await uiSeries(), M)).toBe(closeAt(M));
  });

  it('a refresh that fails is tried again a few seconds later, not on every push', async () => {
    h.engine.subscribe(1, KEY);
    h.socket().accept();
    await live(59_000);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    restDown = true;
    await live(4_000);
    const failed = klineRequests().length - 1;
    expect(failed).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('kline'), expect.anything());
    restDown = false;
    await live(8_000);
    expect(closeOf(await uiSeries(), M)).toBe(closeAt(M));
    expect(klineRequests().length - 1 - failed).toBe(1);
  });

  it('5-minute bars are refreshed when a 5-minute bar closes, once', async () => {
    const key = { kind: 'candles', symbol: 'btcusdt', period: '5min' } as const;
    const first = Math.floor(Date.now() / 300_000) * 300;
    h.engine.subscribe(1, key);
    h.socket().accept();
    // The clock starts at 03:04:00: the open 5-minute bar closes at 03:05:00, the next at 03:10:00.
    await live(64_000, '5min');
    expect(closeOf(await uiSeries(1, key), first)).toBe(closeAt(first));
    expect(klineRequests()).toHaveLength(2);
    await live(290_000, '5min');
    expect(klineRequests()).toHaveLength(2);
    await live(10_000, '5min');
    const series = await uiSeries(1, key);
    expect(closeOf(series, first + 300)).toBe(closeAt(first + 300));
    expect(klineRequests()).toHaveLength(3);
  });

  it('a push of the open bar while the refresh is in the air wins for that bar; the closed bar takes the answer', async () => {
    h.engine.subscribe(1, KEY);
    h.socket().accept();
    await live(60_000);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    h.fetch.on('/market/history/kline', async (request) => {
      const answer = liveKlineAnswer(request);
      await held;
      return answer;
    });
    await live(3_000);
    expect(klineRequests()).toHaveLength(2);
    pushOpenBar();
    const pushed = openCloseAt(M + 60, second() - 60);
    release();
    await advance(0);
    const series = await uiSeries();
    expect(closeOf(series, M)).toBe(closeAt(M));
    expect(closeOf(series, M + 60)).toBe(pushed);
  });

  it('a bar older than the newest (a replayed recording starting over) reloads the history once, with no refresh after it', async () => {
    h.engine.subscribe(1, KEY);
    h.socket().accept();
    await live(30_000);
    // The recording's first bar is an hour back; the replay server's history now holds only it.
    const replayed = M - 3600;
    const first = (close: string) =>
      `{"id":${replayed},"open":${close},"close":${close},"low":${close},"high":${close},"amount":1.0,"vol":2.0E3,"count":1}`;
    let close = '1.5';
    h.fetch.on('/market/history/kline', () =>
      text(`{"ch":"market.btcusdt.kline.1min","status":"ok","ts":${Date.now()},"data":[${first(close)}]}`),
    );
    const before = klineRequests().length;
    h.socket().push(klinePush(replayed, close));
    await advance(0);
    for (let i = 2; i <= 10; i++) {
      close = `1.${i}5`;
      await advance(1_000);
      h.socket().push(klinePush(replayed, close));
    }
    const series = await uiSeries();
    expect(series.bars.map((bar) => [bar.time, bar.close])).toEqual([[replayed, '1.105']]);
    expect(klineRequests()).toHaveLength(before + 1);
  });

  it('a late push of the bar that has just closed is taken as an update, then settled from REST; no reload', async () => {
    h.engine.subscribe(1, KEY);
    h.socket().accept();
    await live(60_500);
    h.socket().push(klinePush(M, '1.25'));
    expect(closeOf(await uiSeries(), M)).toBe('1.25');
    await live(3_000);
    const series = await uiSeries();
    expect(closeOf(series, M)).toBe(closeAt(M));
    expect(series.bars).toHaveLength(201);
    // The history, then one small refresh from the closed bar on: no second history load.
    const sizes = klineRequests().map((request) => Number(request.url.searchParams.get('size')));
    expect(sizes).toHaveLength(2);
    expect(sizes[1]).toBeLessThan(10);
  });

  it('the day summary is fetched again as soon as the socket is back, not at the next 5 s tick', async () => {
    h.engine.subscribe(1, KEY);
    h.engine.subscribe(2, { kind: 'daySummary', symbol: 'btcusdt' });
    h.socket().accept();
    await live(3_000);
    expect(h.fetch.to('/market/detail')).toHaveLength(1);
    h.socket().drop();
    await advance(RECONNECT_MS);
    const before = h.fetch.to('/market/detail').length;
    h.socket().accept();
    await advance(0);
    expect(h.fetch.to('/market/detail')).toHaveLength(before + 1);
  });
});
