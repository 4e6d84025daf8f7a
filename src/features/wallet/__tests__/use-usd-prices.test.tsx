import { act, renderHook } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DaySummary } from '../../../../common/protocol.ts';
import { USD_PRICE_EVERY_MS, useUsdPrices } from '../hooks/use-usd-prices.ts';

const engine = vi.hoisted(() => ({ engineStream: vi.fn() }));
vi.mock('../../../lib/engine-client.ts', () => engine);

let tickers: Map<string, Subject<DaySummary>>;
const tick = (symbol: string, close: string) =>
  tickers.get(symbol)!.next({ symbol, ts: 0, open: '1', high: '1', low: '1', close, amount: '0', vol: '0', count: 0 });

beforeEach(() => {
  vi.useFakeTimers();
  tickers = new Map();
  engine.engineStream.mockReset();
  engine.engineStream.mockImplementation((key: { kind: string; symbol: string }) => {
    const subject = new Subject<DaySummary>();
    tickers.set(key.symbol, subject);
    return subject;
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useUsdPrices', () => {
  it('subscribes only the tickers of the coins asked for, USDT being 1 without one', () => {
    const { result } = renderHook(() => useUsdPrices(['usdt', 'btc', 'eth', 'btc']));
    expect(engine.engineStream.mock.calls.map(([key]) => key)).toEqual([
      { kind: 'ticker', symbol: 'btcusdt' },
      { kind: 'ticker', symbol: 'ethusdt' },
    ]);
    expect(result.current.get('usdt')).toBe('1');
    expect(result.current.has('btc')).toBe(false);
  });

  it('passes the last price of each ticker on at most once a second', () => {
    const { result } = renderHook(() => useUsdPrices(['btc', 'eth']));
    const renders: string[] = [];
    act(() => {
      tick('btcusdt', '65000.1');
      tick('ethusdt', '3200.5');
      tick('btcusdt', '65000.2');
    });
    expect(result.current.has('btc')).toBe(false);
    act(() => {
      vi.advanceTimersByTime(USD_PRICE_EVERY_MS);
    });
    renders.push(result.current.get('btc')!);
    expect(result.current.get('eth')).toBe('3200.5');
    // Ten ticks within the next second: one update, with the last of them.
    act(() => {
      for (let i = 3; i <= 12; i++) tick('btcusdt', `65000.${i}`);
      vi.advanceTimersByTime(USD_PRICE_EVERY_MS - 1);
    });
    renders.push(result.current.get('btc')!);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    renders.push(result.current.get('btc')!);
    expect(renders).toEqual(['65000.2', '65000.2', '65000.12']);
  });

  it('lets go of the tickers when unmounted', () => {
    const { unmount } = renderHook(() => useUsdPrices(['btc']));
    expect(tickers.get('btcusdt')!.observed).toBe(true);
    unmount();
    expect(tickers.get('btcusdt')!.observed).toBe(false);
  });
});
