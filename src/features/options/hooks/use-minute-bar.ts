import { useCallback, useEffect, useState } from 'react';
import type { Candle } from '../../../../common/protocol.ts';
import { fetchMinuteBar } from '../../../lib/engine-client.ts';

/** The Verify view's request for one bar: loading, the bar, gone (no longer served) or failed. */
export type MinuteBarState =
  { status: 'loading' } | { status: 'ready'; bar: Candle } | { status: 'gone' } | { status: 'failed' };

/** Fetches once (and again on `retry`) the feed's one-minute bar holding `tsMs`, through the market worker. */
export function useMinuteBar(symbol: string, tsMs: number): { state: MinuteBarState; retry(): void } {
  const [state, setState] = useState<MinuteBarState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    fetchMinuteBar(symbol, tsMs).then(
      (bar) => current && setState(bar ? { status: 'ready', bar } : { status: 'gone' }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [symbol, tsMs, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
