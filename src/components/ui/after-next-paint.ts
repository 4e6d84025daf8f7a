import { useEffect, useState } from 'react';

/**
 * Runs `work` in a task after the next frame is painted; the returned function cancels it. For work
 * a tap causes but its answer does not need (the page made inert, focus moved, a history entry
 * pushed): done inside the tap, it would hold back the paint that shows the answer (docs/performance.md#budgets
 * tap budget).
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** False on mount, true once the frame after the mount has painted ({@link afterNextPaint}). */
export function usePaintedSinceMount(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
