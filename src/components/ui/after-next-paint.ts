/**
 * Runs `work` in a task after the next frame is painted; the returned function cancels it. For work
 * a tap causes but its answer does not need (the page made inert, focus moved, a history entry
 * pushed): done inside the tap, it would hold back the paint that shows the answer (DESIGN.md §8
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
