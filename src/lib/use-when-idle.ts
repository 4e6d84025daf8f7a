import { startTransition, useEffect, useState } from 'react';

/** The longest a deferred piece waits for the browser to be idle. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` once the browser has a moment to spare (requestIdleCallback, at most
 * {@link IDLE_TIMEOUT_MS}; a timer where that does not exist). Returns the cancel.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/**
 * False until the page has painted and the browser has a moment to spare (requestIdleCallback, at
 * most {@link IDLE_TIMEOUT_MS}), then true. Work that is not part of the first screen (a welcome
 * popup and the HTML sanitizer it loads) waits for it, so it neither delays nor lengthens the
 * tasks of the first paint (docs/performance.md#lighthouse-on-the-home-page). The render it starts is a transition: React renders
 * it in slices of a few ms, yielding to taps and paints in between, instead of one long task, and
 * content already shown stays up while the new pieces' code loads.
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
