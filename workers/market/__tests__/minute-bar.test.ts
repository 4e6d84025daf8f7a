import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { minuteBarRequestSize } from '../requests/minute-bar.ts';
import { createHarness, type Harness } from './support/fakes.ts';
import { closeAt, serveKlines } from './support/market-rest.ts';

describe('the one-minute bar of an instant (settlement Verify view)', () => {
  let h: Harness;
  const now = Date.UTC(2026, 0, 5, 12, 30, 20);
  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    h = createHarness();
    serveKlines(h.fetch);
  });
  afterEach(() => {
    h.engine.dispose();
    vi.useRealTimers();
  });

  it('asks for just enough of the newest bars to reach the minute, with a margin for the device clock', () => {
    expect(minuteBarRequestSize(now, now)).toBe(4);
    expect(minuteBarRequestSize(now - 10 * 60_000, now)).toBe(14);
    expect(minuteBarRequestSize(now - 1996 * 60_000, now)).toBe(2000);
    expect(minuteBarRequestSize(now - 1997 * 60_000, now)).toBeNull();
  });

  it('finds the bar whose minute holds the instant, through market REST', async () => {
    const ts = now - 7 * 60_000 - 15_000;
    const minute = Math.floor(ts / 60_000) * 60;
    const bar = await h.engine.minuteBar('BTCUSDT', ts);
    expect(bar).toMatchObject({ time: minute, close: closeAt(minute) });
    const request = h.fetch.to('/market/history/kline')[0]!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ symbol: 'btcusdt', period: '1min', size: '11' });
  });

  it('answers null for a minute REST no longer serves, without asking', async () => {
    expect(await h.engine.minuteBar('btcusdt', now - 3 * 86_400_000)).toBeNull();
    expect(h.fetch.to('/market/history/kline')).toHaveLength(0);
  });

  it('rejects a bad symbol and a failed request', async () => {
    await expect(h.engine.minuteBar('btc/usdt', now)).rejects.toThrow('invalid stream key');
    h.fetch.on('/market/history/kline', () => new Response('', { status: 502 }));
    await expect(h.engine.minuteBar('btcusdt', now)).rejects.toThrow('HTTP 502');
  });
});
