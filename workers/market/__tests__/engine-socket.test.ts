import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Book, Candle, FeedStatus, Trade } from '../../../common/protocol.ts';
import { reduceCandles, reduceTrades } from '../../../common/stream-reducers.ts';
import type { ChartModule, FeedModule } from '../market-engine.ts';
import { batchIdsOverFrames, createHarness, type Harness, text } from './support/fakes.ts';
import { ownFixture } from './support/fixtures.ts';
import { closeAt, depthPush, klinePush, serveKlines, tradePush } from './support/market-rest.ts';
import { advance, useEngineTimers } from './support/timers.ts';
import { PANEL_STREAM_MS } from '../streams/stream-source.ts';

/** docs/product-rules.md#market-data and docs/architecture.md#rules-of-the-data-flow, written out so a changed constant fails these tests. */
const RECONNECT_MS = 3_000;
const STALE_MS = 10_000;

type CandleWire = { reset: boolean; bars: Candle[] };

describe('engine socket', () => {
  let h: Harness;
  beforeEach(() => {
    useEngineTimers();
    h = createHarness();
    h.fetch.on('/market/history/trade', () => text(ownFixture('rest-trades.json')));
    serveKlines(h.fetch);
  });
  afterEach(() => {
    h.engine.dispose();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects on the first market stream, binary as arraybuffer, and subscribes once the socket opens', () => {
    expect(h.sockets).toHaveLength(0);
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    expect(h.socket().url).toBe('ws://engine.test/ws');
    expect(h.socket().binaryType).toBe('arraybuffer');
    expect(h.socket().sent).toEqual([]);
    h.socket().accept();
    expect(h.socket().subs()).toEqual(['market.btcusdt.depth.step0']);
  });

  it('answers every ping with a pong carrying the same integer', () => {
    h.engine.subscribe(1, { kind: 'ticker', symbol: 'btcusdt' });
    h.socket().accept();
    h.socket().pushText('{"ping":1618678073643}');
    h.socket().pushText('{"ping": 1618678078643}');
    expect(h.socket().sent.slice(-2)).toEqual(['{"pong":1618678073643}', '{"pong":1618678078643}']);
  });

  it('two views of one topic share one sub; the last one leaving sends unsub', () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt', levels: 5 });
    h.engine.subscribe(2, { kind: 'book', symbol: 'btcusdt', levels: 20 });
    h.socket().accept();
    h.engine.subscribe(3, { kind: 'book', symbol: 'ethusdt' });
    expect(h.socket().subs()).toEqual(['market.btcusdt.depth.step0', 'market.ethusdt.depth.step0']);
    h.engine.unsubscribe(1);
    expect(h.socket().unsubs()).toEqual([]);
    h.engine.unsubscribe(2);
    expect(h.socket().unsubs()).toEqual(['market.btcusdt.depth.step0']);
  });

  it('each view of a book gets its own number of rows', () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt', levels: 1 });
    h.engine.subscribe(2, { kind: 'book', symbol: 'btcusdt' });
    h.socket().accept();
    h.socket().push(depthPush('btcusdt', 100));
    h.frames.tick();
    expect([...(h.log.lastOf(1) as Book).bids]).toEqual([100, 1]);
    expect([...(h.log.lastOf(2) as Book).bids]).toEqual([100, 1, 99, 2]);
  });

  it('after a close: nothing for 3 s, then a new socket resubscribing every topic; the book is cleared meanwhile', async () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.engine.subscribe(2, { kind: 'ticker', symbol: 'ethusdt' });
    h.socket().accept();
    h.socket().push(depthPush('btcusdt', 100));
    h.frames.tick();
    h.socket().drop();
    h.frames.tick();
    const cleared = h.log.lastOf(1) as Book;
    expect(cleared.bids.length + cleared.asks.length).toBe(0);
    await advance(RECONNECT_MS - 1);
    expect(h.sockets).toHaveLength(1);
    await advance(1);
    expect(h.sockets).toHaveLength(2);
    h.socket().accept();
    expect(h.socket().subs().sort()).toEqual(['market.btcusdt.depth.step0', 'market.ethusdt.detail']);
    h.socket().push(depthPush('btcusdt', 101));
    h.frames.tick();
    expect((h.log.lastOf(1) as Book).bids[0]).toBe(101);
  });

  it('a socket that fails to connect keeps retrying every 3 s', async () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.socket().drop();
    await advance(RECONNECT_MS);
    h.socket().drop();
    await advance(RECONNECT_MS);
    expect(h.sockets).toHaveLength(3);
  });

  it('watchdog: 10 s without any frame drops the socket and reconnects 3 s later; pings keep it alive', async () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.socket().accept();
    for (let i = 0; i < 4; i++) {
      await advance(5_000);
      h.socket().pushText(`{"ping":${Date.now()}}`);
    }
    expect(h.sockets).toHaveLength(1);
    await advance(STALE_MS);
    expect(h.sockets[0]?.closed).toBe(true);
    await advance(RECONNECT_MS);
    expect(h.sockets).toHaveLength(2);
  });

  it('showing the page reconnects a stale socket at once; going online reconnects at once', async () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.socket().accept();
    h.engine.setVisible(false);
    // Timers may be frozen in a background tab; the watchdog did not get to run.
    vi.setSystemTime(Date.now() + 60_000);
    h.engine.setVisible(true);
    expect(h.sockets).toHaveLength(2);
    h.socket().accept();
    h.engine.notifyOnline();
    expect(h.sockets).toHaveLength(3);
    expect(h.sockets[1]?.closed).toBe(true);
  });

  it('candles: history, live bars, then after a drop the missed bars are backfilled from the last bar held, with no gap', async () => {
    h.engine.subscribe(1, { kind: 'candles', symbol: 'btcusdt', period: '1min' });
    h.socket().accept();
    await advance(0);
    h.frames.tick();
    const history = h.log.valuesOf(1)[0] as CandleWire;
    expect(history.reset).toBe(true);
    expect(history.bars).toHaveLength(200);
    expect(h.fetch.to('/market/history/kline')[0]?.url.searchParams.get('period')).toBe('1min');

    const now = Math.floor(Date.now() / 60_000) * 60;
    h.socket().push(klinePush(now, '31000.25'));
    await advance(100);
    h.frames.tick();
    expect(h.log.lastOf(1)).toEqual({
      reset: false,
      bars: [expect.objectContaining({ time: now, close: '31000.25' })],
    });

    h.socket().drop();
    await advance(7 * 60_000);
    expect(h.sockets.length).toBeGreaterThan(1);
    h.socket().accept();
    await advance(0);
    h.frames.tick();
    const backfill = h.fetch.to('/market/history/kline').at(-1);
    expect(Number(backfill?.url.searchParams.get('size'))).toBeGreaterThanOrEqual(8);

    let series = reduceCandles({ kind: 'candles', symbol: 'btcusdt', period: '1min' }, undefined, history);
    for (const wire of h.log.valuesOf(1).slice(1) as CandleWire[]) {
      series = reduceCandles({ kind: 'candles', symbol: 'btcusdt', period: '1min' }, series, wire);
    }
    const times = series.bars.map((bar) => bar.time);
    const current = Math.floor(Date.now() / 60_000) * 60;
    expect(times.at(-1)).toBe(current);
    for (let i = 1; i < times.length; i++) expect((times[i] as number) - (times[i - 1] as number)).toBe(60);
    // The bar the socket had pushed is replaced by the server's final version of it.
    expect(series.bars.find((bar) => bar.time === now)?.close).toBe(closeAt(now));
  });

  it('candles: a bar pushed live while the history request is in the air is not overwritten by the older answer', async () => {
    h.engine.subscribe(1, { kind: 'candles', symbol: 'btcusdt', period: '1min' });
    h.socket().accept();
    const now = Math.floor(Date.now() / 60_000) * 60;
    h.socket().push(klinePush(now, '1.5'));
    await advance(0);
    h.frames.tick();
    const wire = h.log.lastOf(1) as CandleWire;
    expect(wire.bars.at(-1)).toMatchObject({ time: now, close: '1.5' });
  });

  it('trades: REST history then pushes, newest first, keyed by tradeId (duplicates dropped)', async () => {
    h.engine.subscribe(1, { kind: 'trades', symbol: 'btcusdt' });
    h.socket().accept();
    await advance(0);
    h.frames.tick();
    expect((h.log.lastOf(1) as { trades: Trade[] }).trades.map((t) => t.tradeId)).toEqual([
      '102517381182',
      '102517381181',
      '102517381180',
    ]);
    const pushText = ownFixture('trade-27-digit-ids.json').replaceAll('1700000000999', String(Date.now()));
    h.socket().pushText(pushText);
    h.socket().pushText(pushText);
    await advance(PANEL_STREAM_MS);
    h.frames.tick();
    expect(h.log.lastOf(1)).toEqual({
      reset: false,
      trades: [
        expect.objectContaining({ tradeId: '102357140868' }),
        expect.objectContaining({ tradeId: '102357140867' }),
      ],
    });
  });

  it('conflation: many pushes within one frame become one batch with the latest book and every new trade', () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.engine.subscribe(2, { kind: 'trades', symbol: 'btcusdt' });
    h.socket().accept();
    for (let i = 0; i < 50; i++) {
      h.socket().push(depthPush('btcusdt', 100 + i));
      h.socket().push(tradePush('btcusdt', 2));
    }
    expect(h.frames.waiting).toBe(1);
    h.frames.tick();
    expect(h.log.batches).toHaveLength(1);
    expect((h.log.lastOf(1) as Book).bids[0]).toBe(149);
    expect((h.log.lastOf(2) as { trades: Trade[] }).trades).toHaveLength(100);
    expect(h.log.transfers[0]).toHaveLength(2);
    h.frames.tick();
    expect(h.log.batches).toHaveLength(1);
  });

  it('books and tapes get at most one batch per PANEL_STREAM_MS, the book its latest and the tape every trade', async () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.engine.subscribe(2, { kind: 'trades', symbol: 'btcusdt' });
    h.socket().accept();
    await advance(0);
    const perFrame: number[][] = [];
    const frames = Math.ceil((2 * PANEL_STREAM_MS) / 17);
    for (let frame = 0; frame < frames; frame++) {
      h.socket().push(depthPush('btcusdt', 100 + frame));
      h.socket().push(tradePush('btcusdt', 1));
      const before = h.log.batches.length;
      await advance(17);
      h.frames.tick();
      perFrame.push(h.log.batches.slice(before).flatMap((batch) => batch.map((item) => item.id)));
    }
    const bookFrames = perFrame.filter((ids) => ids.includes(1)).length;
    const tapeFrames = perFrame.filter((ids) => ids.includes(2)).length;
    // Two intervals of frames of 17 ms: each stream is sent in at most 3 of them, and nothing is lost.
    for (const sent of [bookFrames, tapeFrames]) {
      expect(sent).toBeGreaterThanOrEqual(2);
      expect(sent).toBeLessThanOrEqual(3);
    }
    await advance(PANEL_STREAM_MS);
    h.frames.tick();
    expect((h.log.lastOf(1) as Book).bids[0]).toBe(100 + frames - 1);
    let tape: readonly Trade[] | undefined;
    for (const wire of h.log.valuesOf(2) as { reset: boolean; trades: Trade[] }[]) tape = reduceTrades(tape, wire);
    expect(tape?.filter((trade) => trade.price === '100.25')).toHaveLength(frames);
  });

  it('slow streams subscribed at different moments are sent on one shared clock, in the same batches', async () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.socket().accept();
    h.socket().push(depthPush('btcusdt', 100));
    h.frames.tick();
    // The tape joins 40 ms later, out of the book's phase.
    await advance(40);
    h.engine.subscribe(2, { kind: 'trades', symbol: 'btcusdt' });
    h.socket().push(tradePush('btcusdt', 1));
    h.frames.tick();
    const sent = await batchIdsOverFrames(h, 60, (frame) => {
      h.socket().push(depthPush('btcusdt', 101 + frame));
      h.socket().push(tradePush('btcusdt', 1));
    });
    // After the first tick of the clock, each batch carries both streams: one page render, not two.
    const afterFirst = sent.slice(1);
    expect(afterFirst.length).toBeGreaterThanOrEqual(3);
    for (const ids of afterFirst) expect(ids).toEqual([1, 2]);
  });

  it('a quiet stream whose value comes between ticks waits for the next tick, and goes with the book', async () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.engine.subscribe(2, { kind: 'trades', symbol: 'btcusdt' });
    h.socket().accept();
    h.socket().push(depthPush('btcusdt', 100));
    h.socket().push(tradePush('btcusdt', 1));
    await advance(0);
    h.frames.tick();
    const sent: number[][] = [];
    for (let frame = 0; frame < 30; frame++) {
      h.socket().push(depthPush('btcusdt', 101 + frame));
      // One trade, 60 ms into the run: between two ticks of the panels' clock.
      if (frame === 3) h.socket().push(tradePush('btcusdt', 1));
      const before = h.log.batches.length;
      await advance(17);
      h.frames.tick();
      sent.push(...h.log.batches.slice(before).map((batch) => batch.map((item) => item.id).sort()));
    }
    const withTrade = sent.filter((ids) => ids.includes(2));
    expect(withTrade).toEqual([[1, 2]]);
  });

  it('broken frames (bad gzip, bad JSON, unknown shape, bad payload) are counted and skipped, never fatal', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.engine.subscribe(2, { kind: 'feedStatus' });
    h.socket().accept();
    h.socket().pushBytes(new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3]));
    h.socket().pushText('{"ch":"market.btcusdt.depth.step0","ts":1,"tick":{');
    h.socket().pushText('{"what":"is this"}');
    h.socket().push({ ch: 'market.btcusdt.depth.step0', ts: 1, tick: { bids: [['x', 1]], asks: [] } });
    h.socket().push(depthPush('btcusdt', 100));
    h.frames.tick();
    expect((h.log.lastOf(1) as Book).bids[0]).toBe(100);
    expect(h.log.lastOf(2)).toMatchObject({ state: 'open', brokenFrames: 4, frames: 4 } satisfies Partial<FeedStatus>);
  });

  it('the status stream follows the frame counter, at most once per flush', () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.engine.subscribe(2, { kind: 'feedStatus' });
    h.socket().accept();
    h.frames.tick();
    const before = h.log.valuesOf(2).length;
    for (let i = 0; i < 5; i++) h.socket().push(depthPush('btcusdt', 100 + i));
    h.frames.tick();
    expect(h.log.valuesOf(2).length).toBe(before + 1);
    expect(h.log.lastOf(2)).toMatchObject({ frames: 5, brokenFrames: 0 } satisfies Partial<FeedStatus>);
  });

  it('a hidden page emits nothing; showing it delivers the latest state in one batch', () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.socket().accept();
    h.engine.setVisible(false);
    h.socket().push(depthPush('btcusdt', 100));
    h.socket().push(depthPush('btcusdt', 105));
    h.frames.tick();
    expect(h.log.batches).toHaveLength(0);
    h.engine.setVisible(true);
    h.frames.tick();
    expect(h.log.batches).toHaveLength(1);
    expect((h.log.lastOf(1) as Book).bids[0]).toBe(105);
  });

  it('a socket with no topic left closes after a while; a new topic reopens one', async () => {
    h.engine.subscribe(1, { kind: 'ticker', symbol: 'btcusdt' });
    h.socket().accept();
    h.engine.unsubscribe(1);
    await advance(20_000);
    expect(h.sockets[0]?.closed).toBe(true);
    h.engine.subscribe(2, { kind: 'ticker', symbol: 'btcusdt' });
    expect(h.sockets).toHaveLength(2);
  });

  it('ticker: detail pushes become the day summary with exact decimals', () => {
    h.engine.subscribe(1, { kind: 'ticker', symbol: 'btcusdt' });
    h.socket().accept();
    h.socket().pushText(ownFixture('detail.json'));
    h.frames.tick();
    expect(h.log.lastOf(1)).toMatchObject({ symbol: 'btcusdt', close: '29952.31', vol: '818158859.8785326' });
  });
});

describe('engine: the market feed loads on demand', () => {
  afterEach(() => vi.useRealTimers());

  it('market subscriptions wait for the feed module; one dropped meanwhile never reaches the socket', async () => {
    useEngineTimers();
    let resolve: (module: FeedModule) => void = () => {};
    const loading = new Promise<FeedModule>((done) => (resolve = done));
    const h = createHarness({ loadFeed: () => loading });
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.engine.subscribe(2, { kind: 'ticker', symbol: 'ethusdt' });
    h.engine.unsubscribe(2);
    expect(h.sockets).toHaveLength(0);
    expect(h.engine.status().state).toBe('idle');
    resolve(await import('../market-feed.ts'));
    await advance(0);
    h.socket().accept();
    expect(h.socket().subs()).toEqual(['market.btcusdt.depth.step0']);
    h.engine.dispose();
  });

  it('chart streams wait for the chart sources too; the book starts with the feed alone', async () => {
    useEngineTimers();
    let resolve: (module: ChartModule) => void = () => {};
    const loading = new Promise<ChartModule>((done) => (resolve = done));
    const h = createHarness({ loadCharts: () => loading });
    serveKlines(h.fetch);
    h.engine.subscribe(1, { kind: 'candles', symbol: 'btcusdt', period: '1min' });
    h.engine.subscribe(2, { kind: 'book', symbol: 'btcusdt' });
    h.socket().accept();
    expect(h.socket().subs()).toEqual(['market.btcusdt.depth.step0']);
    expect(h.fetch.to('/market/history/kline')).toHaveLength(0);
    resolve(await import('../chart-sources.ts'));
    await advance(0);
    expect(h.socket().subs()).toEqual(['market.btcusdt.depth.step0', 'market.btcusdt.kline.1min']);
    h.frames.tick();
    expect((h.log.valuesOf(1)[0] as CandleWire).bars).toHaveLength(200);
    h.engine.dispose();
  });

  it('a chart module that failed to load is asked for again by the next chart stream, which starts both', async () => {
    useEngineTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loads: string[] = [];
    const chartModule = await import('../chart-sources.ts');
    const h = createHarness({
      loadCharts: () => {
        loads.push(loads.length === 0 ? 'failed' : 'loaded');
        return loads.length === 1 ? Promise.reject(new Error('network gone')) : Promise.resolve(chartModule);
      },
    });
    serveKlines(h.fetch);
    h.engine.subscribe(1, { kind: 'candles', symbol: 'btcusdt', period: '1min' });
    await advance(0);
    expect(h.sockets).toHaveLength(0);
    h.engine.subscribe(2, { kind: 'studies', symbol: 'btcusdt', period: '1min' });
    await advance(0);
    expect(loads).toEqual(['failed', 'loaded']);
    h.socket().accept();
    expect(h.socket().subs()).toEqual(['market.btcusdt.kline.1min']);
    await advance(0);
    h.frames.tick();
    expect((h.log.valuesOf(1)[0] as CandleWire).bars).toHaveLength(200);
    expect(h.log.valuesOf(2).length).toBeGreaterThan(0);
    vi.restoreAllMocks();
    h.engine.dispose();
  });
});
