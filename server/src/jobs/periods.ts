/** One day in milliseconds: the period of daily interest. */
export const DAY_MS = 86_400_000;

/**
 * How many whole periods of `periodMs` have ended between `startMs` and `nowMs`, at most `limit`:
 * 0 until the first has ended, then 1, 2 … (day N of an order started at `startMs` is due at
 * `startMs + N × periodMs`). A clock before the start gives 0.
 */
export function periodsElapsed(
  startMs: number,
  nowMs: number,
  periodMs: number,
  limit = Number.POSITIVE_INFINITY,
): number {
  if (!(periodMs > 0)) throw new Error(`a period must be positive, got ${periodMs}`);
  if (nowMs <= startMs) return 0;
  return Math.min(Math.floor((nowMs - startMs) / periodMs), limit);
}
