import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { depthCurve, type DepthCurve } from '../../../common/depth-curve.ts';
import type { Book } from '../../../common/protocol.ts';
import { validateKey } from '../stream-keys.ts';
import { DEPTH_STREAM_MS, PANEL_STREAM_MS } from '../streams/stream-source.ts';
import { batchIdsOverFrames, createHarness, type Harness } from './support/fakes.ts';
import { depthPush } from './support/market-rest.ts';
import { advance, useEngineTimers } from './support/timers.ts';

describe('the depth chart stream', () => {
  let h: Harness;
  beforeEach(() => {
    useEngineTimers();
    h = createHarness();
  });
  afterEach(() => {
    h.engine.dispose();
    vi.useRealTimers();
  });

  it('shares the book subscription and hands the chart its curve from every level, the book only its rows', () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt', levels: 2 });
    h.engine.subscribe(2, { kind: 'depth', symbol: 'btcusdt', points: 400 });
    h.socket().accept();
    expect(h.socket().subs()).toEqual(['market.btcusdt.depth.step0']);
    const tick = {
      bids: [
        [64900, 3],
        [64899, 7],
        [64898, 1],
      ],
      asks: [
        [64901, 2],
        [64902, 4],
      ],
      version: 1,
      ts: 5,
    };
    h.socket().push({ ch: 'market.btcusdt.depth.step0', ts: 5, tick });
    h.frames.tick();
    const book = h.log.lastOf(1) as Book;
    expect([...book.bids]).toEqual([64900, 3, 64899, 7]);
    const curve = h.log.lastOf(2) as DepthCurve;
    const expected = depthCurve({
      symbol: 'btcusdt',
      ts: 5,
      bids: new Float64Array(tick.bids.flat()),
      asks: new Float64Array(tick.asks.flat()),
    });
    expect([...curve.bids]).toEqual([...expected.bids]);
    expect([...curve.bids]).toEqual([64900, 3, 64899, 10, 64898, 11]);
    expect([...curve.asks]).toEqual([64901, 2, 64902, 6]);
    expect(curve.mid).toBe(64900.5);
    expect(curve.maxTotal).toBe(11);
    h.engine.unsubscribe(1);
    expect(h.socket().unsubs()).toEqual([]);
    h.engine.unsubscribe(2);
    expect(h.socket().unsubs()).toEqual(['market.btcusdt.depth.step0']);
  });

  it('sends the curve at most once per DEPTH_STREAM_MS, always in a batch with the book, and the latest one', async () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.engine.subscribe(2, { kind: 'depth', symbol: 'btcusdt', points: 400 });
    h.socket().accept();
    await advance(0);
    const frames = Math.ceil((4 * DEPTH_STREAM_MS) / 17);
    const sent = await batchIdsOverFrames(h, frames, (frame) => h.socket().push(depthPush('btcusdt', 100 + frame)));
    const books = sent.filter((ids) => ids.includes(1)).length;
    const curves = sent.filter((ids) => ids.includes(2)).length;
    // Four depth intervals of 17 ms frames: the book in 8 or 9 batches (every PANEL_STREAM_MS), the curve in 4 or 5.
    expect(books).toBeGreaterThanOrEqual((4 * DEPTH_STREAM_MS) / PANEL_STREAM_MS);
    expect(curves).toBeGreaterThanOrEqual(4);
    expect(curves).toBeLessThanOrEqual(5);
    for (const ids of sent.filter((batch) => batch.includes(2))) expect(ids).toEqual([1, 2]);
    await advance(DEPTH_STREAM_MS);
    h.frames.tick();
    const curve = h.log.lastOf(2) as DepthCurve;
    expect(curve.bids[0]).toBe(100 + frames - 1);
  });

  it('refuses a resolution outside 1-10000 pixels or a fractional one', () => {
    expect(() => validateKey({ kind: 'depth', symbol: 'btcusdt', points: 0 })).toThrow('points must be 1 to 10000');
    expect(() => validateKey({ kind: 'depth', symbol: 'btcusdt', points: 2.5 })).toThrow('points must be an integer');
    expect(validateKey({ kind: 'depth', symbol: 'BTCUSDT', points: 300, step: 0 })).toEqual({
      kind: 'depth',
      symbol: 'btcusdt',
      points: 300,
    });
  });
});
