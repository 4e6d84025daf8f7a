/**
 * The fault soak's seeded plan: which faults, in which order, and when. Pure, so the
 * same seed gives the same plan on every machine.
 */

/** A fault the soak injects through the server's test routes (server/src/feed/control-routes.ts). */
export type Fault = { kind: 'drop' } | { kind: 'stall'; seconds: number };

/** A fault and the time (ms after the soak's start) it is due. */
export type PlannedFault = Fault & { atMs: number };

export interface PlanOptions {
  seed: number;
  /** Length of the fault window, ms. */
  windowMs: number;
  drops: number;
  stalls: number;
}

/**
 * Stall lengths, s: from well inside the 10 s watchdog (the feed resumes on the same socket) to
 * past it plus the 3 s reconnect (the engine gives up on the socket and reconnects during the stall).
 */
export const STALL_SECONDS = { min: 3, max: 16 } as const;
/** About how long a fault keeps the screens busy (docs/product-rules.md#constants: 3 s reconnect), to spread the plan over its window. */
const DROP_BUSY_MS = 4_000;
const STALL_EXTRA_BUSY_MS = 5_000;

/** mulberry32: a small, fast, seeded PRNG returning [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `drops` drops and `stalls` stalls of seeded random lengths, in seeded random order, with seeded
 * random gaps that share out the window's time the faults themselves do not take: so faults land at
 * every moment of a bar, closes included. When the window is too short for them all, the gaps are 0
 * (the soak then runs past its window rather than overlap faults).
 */
export function planFaults(options: PlanOptions): PlannedFault[] {
  const random = seededRandom(options.seed);
  const faults: Fault[] = [];
  for (let i = 0; i < options.drops; i++) faults.push({ kind: 'drop' });
  for (let i = 0; i < options.stalls; i++) {
    const tenths = Math.round((STALL_SECONDS.min + random() * (STALL_SECONDS.max - STALL_SECONDS.min)) * 10);
    faults.push({ kind: 'stall', seconds: tenths / 10 });
  }
  for (let i = faults.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [faults[i], faults[j]] = [faults[j] as Fault, faults[i] as Fault];
  }
  const busy = faults.map((fault) =>
    fault.kind === 'drop' ? DROP_BUSY_MS : fault.seconds * 1000 + STALL_EXTRA_BUSY_MS,
  );
  const slack = Math.max(0, options.windowMs - busy.reduce((sum, ms) => sum + ms, 0));
  const weights = faults.map(() => random());
  const totalWeight = weights.reduce((sum, w) => sum + w, 0) || 1;
  const planned: PlannedFault[] = [];
  let at = 0;
  faults.forEach((fault, i) => {
    at += (slack * (weights[i] as number)) / totalWeight;
    planned.push({ ...fault, atMs: Math.round(at) });
    at += busy[i] as number;
  });
  return planned;
}
