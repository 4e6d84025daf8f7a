import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleWatch, readSharedActivity, writeSharedActivity } from '../idle-watch.ts';

const MIN = 60_000;

describe('the idle session time-out', () => {
  let events: string[];
  let shared: number | null;
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    events = [];
    shared = null;
  });
  afterEach(() => vi.useRealTimers());

  const watch = (idleMs = 30 * MIN) =>
    new IdleWatch({
      idleMs,
      warnMs: MIN,
      readShared: () => shared,
      writeShared: (at) => {
        shared = at;
      },
      onWarn: (deadline) => events.push(`warn@${deadline - 1_000_000}`),
      onTimeout: () => events.push(`timeout@${Date.now() - 1_000_000}`),
      onActive: () => events.push(`active@${Date.now() - 1_000_000}`),
    });

  it('asks after the idle time without input, then logs out a minute later without an answer', () => {
    watch();
    vi.advanceTimersByTime(30 * MIN - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([`warn@${31 * MIN}`]);
    vi.advanceTimersByTime(MIN);
    expect(events).toEqual([`warn@${31 * MIN}`, `timeout@${31 * MIN}`]);
  });

  it('input restarts the idle time; input behind the question is not an answer, confirming is', () => {
    const idle = watch();
    vi.advanceTimersByTime(20 * MIN);
    idle.activity();
    vi.advanceTimersByTime(29 * MIN);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(MIN);
    expect(events).toEqual([`warn@${51 * MIN}`]);
    idle.activity();
    vi.advanceTimersByTime(30_000);
    idle.confirm();
    vi.advanceTimersByTime(30 * MIN - 1);
    expect(events).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(events[1]).toBe(`warn@${81.5 * MIN}`);
  });

  it('input in another tab of the app keeps this one alive and withdraws a question', () => {
    const idle = watch();
    vi.advanceTimersByTime(25 * MIN);
    shared = Date.now();
    vi.advanceTimersByTime(10 * MIN);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(20 * MIN);
    expect(events).toEqual([`warn@${56 * MIN}`]);
    vi.advanceTimersByTime(10_000);
    shared = Date.now();
    vi.advanceTimersByTime(5_000);
    expect(events).toEqual([`warn@${56 * MIN}`, `active@${55 * MIN + 15_000}`]);
    expect(idle.warning).toBe(false);
  });

  it('a device that slept past the whole question logs out at once when it runs again, without asking', () => {
    const idle = watch();
    vi.setSystemTime(1_000_000 + 45 * MIN);
    idle.check();
    expect(events).toEqual([`timeout@${45 * MIN}`]);
  });

  it('stop ends it', () => {
    const idle = watch();
    idle.stop();
    vi.advanceTimersByTime(60 * MIN);
    expect(events).toEqual([]);
  });

  it('shares the last input through local storage, ignoring what is not a time', () => {
    writeSharedActivity(123);
    expect(readSharedActivity()).toBe(123);
    window.localStorage.setItem('last_activity', 'x');
    expect(readSharedActivity()).toBeNull();
  });
});
