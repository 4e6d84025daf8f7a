/** A price level in integer units: `p` in ticks (10^-pricePrecision), `q` in amount units (10^-amountPrecision). */
export interface BookLevel {
  p: number;
  q: number;
}

export type Side = 'bid' | 'ask';

/**
 * The simulated limit order book of one symbol, in integer ticks and units so it never drifts.
 * Bids are kept best (highest) first, asks best (lowest) first. `version` grows with every change
 * and becomes the mbp `seqNum`, the depth `version` and the bbo `seqId`.
 */
export class OrderBook {
  readonly bids: BookLevel[] = [];
  readonly asks: BookLevel[] = [];

  constructor(public version: number) {}

  levels(side: Side): BookLevel[] {
    return side === 'bid' ? this.bids : this.asks;
  }

  /** Index of price `p` on `side`, or where it would be inserted. */
  private find(side: Side, p: number): { index: number; found: boolean } {
    const levels = this.levels(side);
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = (levels[mid] as BookLevel).p;
      if (at === p) return { index: mid, found: true };
      const before = side === 'bid' ? at > p : at < p;
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return { index: lo, found: false };
  }

  /** Sets the size at a price; 0 removes the level. */
  set(side: Side, p: number, q: number): void {
    const levels = this.levels(side);
    const { index, found } = this.find(side, p);
    if (found) {
      const level = levels[index] as BookLevel;
      if (level.q === q) return;
      if (q <= 0) levels.splice(index, 1);
      else level.q = q;
    } else {
      if (q <= 0) return;
      levels.splice(index, 0, { p, q });
    }
    this.version++;
  }

  /** Removes `q` units from the level at `index` (a fill); the level goes when it is empty. */
  take(side: Side, index: number, q: number): void {
    const levels = this.levels(side);
    const level = levels[index];
    if (!level) return;
    level.q -= q;
    if (level.q <= 0) levels.splice(index, 1);
    this.version++;
  }

  best(side: Side): BookLevel | undefined {
    return this.levels(side)[0];
  }
}
