/**
 * The two operations of a log kept in time order (price-log.ts, trade-log.ts): find the entry in
 * force at an instant, and how many old entries a trim may drop.
 */

/** How many entries of the ascending `times` are at or before `atMs` (binary search); the entry in force is the one before that index. */
export function countAtOrBefore(times: readonly number[], atMs: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) <= atMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * How many leading entries a trim at `cutMs` drops: all at or before the cut but the last of them,
 * which still answers exactly for the times after it.
 */
export function droppableBefore(times: readonly number[], cutMs: number): number {
  let drop = 0;
  while (drop + 1 < times.length && (times[drop + 1] as number) <= cutMs) drop++;
  return drop;
}
