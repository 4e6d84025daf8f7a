import { useEffect, useRef, useState } from 'react';

/** How far (px) a pull from the top must go before releasing it refreshes. */
export const PULL_THRESHOLD = 64;

/** Pull-to-refresh on the window: a downward touch drag starting at the top of the page calls `onRefresh`. */
export function usePullToRefresh(onRefresh: () => void): boolean {
  const [pulling, setPulling] = useState(false);
  const startRef = useRef<number | null>(null);
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;
  useEffect(() => {
    const onStart = (event: TouchEvent) => {
      startRef.current = window.scrollY <= 0 ? (event.touches[0]?.clientY ?? null) : null;
    };
    const onMove = (event: TouchEvent) => {
      if (startRef.current === null) return;
      setPulling((event.touches[0]?.clientY ?? 0) - startRef.current > PULL_THRESHOLD);
    };
    const onEnd = (event: TouchEvent) => {
      if (startRef.current !== null && (event.changedTouches[0]?.clientY ?? 0) - startRef.current > PULL_THRESHOLD)
        refreshRef.current();
      startRef.current = null;
      setPulling(false);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
    };
  }, []);
  return pulling;
}
