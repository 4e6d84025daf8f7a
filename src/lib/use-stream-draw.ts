import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * Hands every value of a hot stream straight to `draw`, which writes it into DOM nodes the component
 * rendered once, with no React render per value (docs/architecture.md#drawn-in-place). A new `draw`
 * (other decimals, another layout) draws the latest value again at once. Returns whether a value
 * has come, for the component's skeleton: the one render a stream costs.
 * Pass a stable Observable (`engineStream` returns the same one for equal keys).
 */
export function useStreamDraw<T>(source$: Observable<T>, draw: (value: T) => void): boolean {
  const drawRef = useRef(draw);
  const latest = useRef<{ value: T } | null>(null);
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    drawRef.current = draw;
    if (latest.current) draw(latest.current.value);
  }, [draw]);
  useEffect(() => {
    latest.current = null;
    let shown = false;
    const subscription = source$.subscribe({
      next(value) {
        latest.current = { value };
        drawRef.current(value);
        if (!shown) setReady((shown = true));
      },
      error(error: unknown) {
        console.error('[useStreamDraw]', error);
      },
    });
    return () => {
      subscription.unsubscribe();
      setReady(false);
    };
  }, [source$]);
  return ready;
}
