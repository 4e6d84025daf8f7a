/** Small statistics for the bench's samples. */

/**
 * The nearest-rank percentile (`p` in 0..100): the smallest sample at or above which `p` percent of
 * the samples lie, so p98 of 48 taps is the slowest one and never an interpolated value no tap had.
 * NaN for no samples.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}
