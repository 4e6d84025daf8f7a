/**
 * The bench's parts, each runnable alone with `BENCH_ONLY` (a comma list, e.g. `BENCH_ONLY=taps,soak
 * npm run bench`), so a developer chasing one figure does not wait for the whole run. Without it
 * every part runs. The app is built in every case; a part left out prints none of its figures.
 */
export const BENCH_PARTS = ['screens', 'spot', 'taps', 'soak', 'lighthouse', 'decode', 'moves'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

/** The parts `only` (BENCH_ONLY's value) asks for: all of them when it is empty or unset. */
export function benchParts(only: string | undefined): ReadonlySet<BenchPart> {
  const names = (only ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return new Set(BENCH_PARTS);
  const unknown = names.filter((name) => !(BENCH_PARTS as readonly string[]).includes(name));
  if (unknown.length)
    throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')}; the parts are ${BENCH_PARTS.join(', ')}`);
  return new Set(names as BenchPart[]);
}
