import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollLoop } from '../transport/poll-loop.ts';
import { advance, settle, useEngineTimers } from './support/timers.ts';

/** A request the test resolves by hand, to hold it "in the air". */
function deferredRequests() {
  const started: { at: number; resolve: (value: number) => void; signal: AbortSignal }[] = [];
  const request = (signal: AbortSignal) =>
    new Promise<number>((resolve, reject) => {
      started.push({ at: Date.now(), resolve, signal });
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
  return { started, request };
}

describe('PollLoop', () => {
  beforeEach(() => useEngineTimers());
  afterEach(() => vi.useRealTimers());

  it('polls at once, then keeps its interval from one start to the next', async () => {
    const starts: number[] = [];
    const t0 = Date.now();
    const loop = new PollLoop({
      name: 'test',
      intervalMs: 10_000,
      request: async () => {
        starts.push(Date.now() - t0);
        return 1;
      },
      onValue: () => {},
    });
    loop.start();
    await advance(35_000);
    expect(starts).toEqual([0, 10_000, 20_000, 30_000]);
    loop.stop();
  });

  it('never has two requests in the air: a slow answer delays the next poll instead of overlapping', async () => {
    const { started, request } = deferredRequests();
    const values: number[] = [];
    const loop = new PollLoop({ name: 'slow', intervalMs: 1_000, request, onValue: (v) => values.push(v) });
    loop.start();
    await advance(0);
    expect(started).toHaveLength(1);
    await advance(5_000);
    expect(started).toHaveLength(1);
    started[0]?.resolve(7);
    await settle();
    expect(values).toEqual([7]);
    // The interval since the last start is long gone, so the next poll goes out at once.
    await advance(0);
    expect(started).toHaveLength(2);
    loop.stop();
  });

  it('hiding and showing the page while a request is in the air does not start a second one', async () => {
    const { started, request } = deferredRequests();
    const loop = new PollLoop({ name: 'flap', intervalMs: 1_000, request, onValue: () => {} });
    loop.start();
    await advance(0);
    loop.setPaused(true);
    loop.setPaused(false);
    await advance(5_000);
    expect(started).toHaveLength(1);
    started[0]?.resolve(1);
    await settle();
    await advance(0);
    expect(started).toHaveLength(2);
    loop.stop();
  });

  it('gives up on a request after 15 s and polls again', async () => {
    const { started, request } = deferredRequests();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loop = new PollLoop({ name: 'hung', intervalMs: 1_000, request, onValue: () => {} });
    loop.start();
    await advance(0);
    await advance(14_999);
    expect(started[0]?.signal.aborted).toBe(false);
    await advance(1);
    expect(started[0]?.signal.aborted).toBe(true);
    await advance(1);
    expect(started).toHaveLength(2);
    expect(warn).toHaveBeenCalled();
    loop.stop();
  });

  it('pauses while hidden and resumes without a burst', async () => {
    let requests = 0;
    const loop = new PollLoop({
      name: 'pause',
      intervalMs: 2_500,
      request: async () => ++requests,
      onValue: () => {},
    });
    loop.start();
    await advance(0);
    expect(requests).toBe(1);
    loop.setPaused(true);
    await advance(60_000);
    expect(requests).toBe(1);
    loop.setPaused(false);
    await advance(0);
    expect(requests).toBe(2);
    await advance(2_499);
    expect(requests).toBe(2);
    await advance(1);
    expect(requests).toBe(3);
    loop.stop();
  });

  it('stops: no further request, and the one in the air is abandoned without emitting', async () => {
    const { started, request } = deferredRequests();
    const onValue = vi.fn();
    const loop = new PollLoop({ name: 'stop', intervalMs: 1_000, request, onValue });
    loop.start();
    await advance(0);
    loop.stop();
    expect(started[0]?.signal.aborted).toBe(true);
    started[0]?.resolve(1);
    await advance(10_000);
    expect(started).toHaveLength(1);
    expect(onValue).not.toHaveBeenCalled();
  });
});
