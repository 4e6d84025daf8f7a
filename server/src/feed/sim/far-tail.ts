import type { BookLevel, Side } from './order-book.ts';

/** depth.stepN buckets prices by 10^N ticks; step5 is the coarsest. */
const MAX_DEPTH_STEP = 5;
/** Buckets the tail fills beyond the simulated book's last one, per step: a stepN answer has 20 levels. */
const TAIL_BUCKETS = 20;

export interface FarTailOptions {
  /** Fixes which orders exist; derived from the seed and the symbol. */
  key: number;
  priceScale: number;
  amountScale: number;
  /** Typical notional of a simulated level, in the quote coin. */
  levelNotional: number;
}

/**
 * Resting orders far from the price, beyond the ~170 levels the simulator keeps, which span too few
 * coarse buckets for depth.step3-5 to show the 20 levels HTX sends. For each step N (1..5) there is
 * one order in each of the 20 buckets of 10^N ticks past the bucket of the book's last level. An
 * order's place in its bucket and its size are a hash of the key, side, step and bucket, so it
 * stays put while the book moves and is the same on every server with that seed.
 * Takers never reach them (the simulated book always has 165 levels in front), so they never trade.
 * Bids stop above 0: a symbol priced under 20 buckets of a step gets fewer bid levels at that step.
 */
export class FarTail {
  private readonly cache: Record<Side, { edge: number; levels: BookLevel[] } | undefined> = {
    bid: undefined,
    ask: undefined,
  };

  constructor(private readonly options: FarTailOptions) {}

  /** The tail orders beyond `edge` (the book's last price on `side`), best first, none at or inside it. */
  levels(side: Side, edge: number): BookLevel[] {
    const cached = this.cache[side];
    if (cached && cached.edge === edge) return cached.levels;
    const sizes = new Map<number, number>();
    for (let step = 1; step <= MAX_DEPTH_STEP; step++) {
      const bucket = 10 ** step;
      // Bids of a bucket round down to its start, asks round up to its end (see Simulator.depth).
      const edgeIndex = side === 'bid' ? Math.floor(edge / bucket) : Math.ceil(edge / bucket);
      for (let n = 1; n <= TAIL_BUCKETS; n++) {
        const index = side === 'bid' ? edgeIndex - n : edgeIndex + n;
        if (index < 1) break;
        const offset = Math.floor(unit(hash(this.options.key, side === 'bid' ? 1 : 2, step, index, 0)) * bucket);
        const p = side === 'bid' ? index * bucket + offset : index * bucket - offset;
        sizes.set(
          p,
          (sizes.get(p) ?? 0) + this.size(p, step, hash(this.options.key, side === 'bid' ? 1 : 2, step, index, 1)),
        );
      }
    }
    const levels = [...sizes].map(([p, q]) => ({ p, q })).sort((a, b) => (side === 'bid' ? b.p - a.p : a.p - b.p));
    this.cache[side] = { edge, levels };
    return levels;
  }

  /** Log-normal like the simulated levels, and larger further out as their far levels are; at least one amount unit. */
  private size(p: number, step: number, seed: number): number {
    const { priceScale, amountScale, levelNotional } = this.options;
    const z = Math.sqrt(-2 * Math.log(unit(seed))) * Math.cos(2 * Math.PI * unit(hash(seed, 3)));
    const notional = levelNotional * (4 + 2 * step) * Math.exp(0.9 * z);
    return Math.max(1, Math.round((notional / (p / priceScale)) * amountScale));
  }
}

/** A 32-bit mix of integers (murmur3's finalizer over each part, both halves of large ones). */
export function hash(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    for (const word of [part | 0, Math.floor(part / 4294967296) | 0]) {
      h = Math.imul(h ^ word, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
    }
  }
  return h >>> 0;
}

/** A hash as a number in (0, 1), never 0 so its log is finite. */
function unit(h: number): number {
  return (h + 1) / 4294967297;
}
