import { useEffect, useState } from 'react';

/** The longest a deferred piece waits for the browser to be idle. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * False until the page has painted and the browser has a moment to spare (requestIdleCallback, at
 * most {@link IDLE_TIMEOUT_MS}), then true. Work that is not part of the first screen (a welcome
 * popup and the HTML sanitizer it loads) waits for it, so it neither delays nor lengthens the
 * tasks of the first paint (DESIGN.md §8 TBT).
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}
