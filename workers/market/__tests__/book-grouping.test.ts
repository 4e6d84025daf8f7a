import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Book } from '../../../common/protocol.ts';
import { validateKey } from '../stream-keys.ts';
import { createHarness, type Harness } from './support/fakes.ts';
import { useEngineTimers } from './support/timers.ts';

describe('book price grouping (depth.step1-5)', () => {
  let h: Harness;
  beforeEach(() => {
    useEngineTimers();
    h = createHarness();
  });
  afterEach(() => {
    h.engine.dispose();
    vi.useRealTimers();
  });

  it('each grouping is its own depth topic; step 0 is the plain book; equal groupings share one sub', () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt', levels: 150 });
    h.engine.subscribe(2, { kind: 'book', symbol: 'btcusdt', levels: 20, step: 2 });
    h.engine.subscribe(3, { kind: 'book', symbol: 'btcusdt', levels: 5, step: 2 });
    h.engine.subscribe(4, { kind: 'book', symbol: 'btcusdt', step: 0 });
    h.socket().accept();
    expect(h.socket().subs()).toEqual(['market.btcusdt.depth.step0', 'market.btcusdt.depth.step2']);
    h.socket().push({
      ch: 'market.btcusdt.depth.step2',
      ts: 5,
      tick: {
        bids: [
          [64900, 3],
          [64800, 7],
        ],
        asks: [[65000, 2]],
        version: 1,
        ts: 5,
      },
    });
    h.frames.tick();
    const grouped = h.log.lastOf(2) as Book;
    expect([...grouped.bids]).toEqual([64900, 3, 64800, 7]);
    expect([...(h.log.lastOf(3) as Book).bids]).toEqual([64900, 3, 64800, 7]);
    expect(h.log.valuesOf(1)).toEqual([]);
    h.engine.unsubscribe(2);
    h.engine.unsubscribe(3);
    expect(h.socket().unsubs()).toEqual(['market.btcusdt.depth.step2']);
  });

  it('refuses a step outside 0-5', () => {
    expect(() => validateKey({ kind: 'book', symbol: 'btcusdt', step: 6 })).toThrow('step must be 0 to 5');
    expect(() => validateKey({ kind: 'book', symbol: 'btcusdt', step: 1.5 })).toThrow('step must be an integer');
  });
});
