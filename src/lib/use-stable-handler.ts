import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * An event handler that keeps one identity for the component's life and always runs the latest
 * render's function. A memoised child given it re-renders only when its own values change, so a tap
 * renders the part of a form it changed (docs/performance.md#tap-latency). Call it from events, not
 * during render: until the first commit it runs the first render's function.
 */
export function useStableHandler<Args extends unknown[], Result>(
  handler: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(handler);
  useInsertionEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
