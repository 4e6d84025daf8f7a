import type { Level, MbpIncrement, MbpSnapshot } from '../types.ts';
import type { BookLevel, OrderBook } from './order-book.ts';

/** One side of a view: prices and sizes in flat arrays, best first (no garbage per step). */
class ViewSide {
  readonly p: Float64Array;
  readonly q: Float64Array;
  n = 0;

  constructor(
    levels: number,
    /** Whether `a` comes before `b` on this side (bids: higher first, asks: lower first). */
    readonly before: (a: number, b: number) => boolean,
  ) {
    this.p = new Float64Array(levels);
    this.q = new Float64Array(levels);
  }

  copy(source: readonly BookLevel[]): void {
    this.n = Math.min(this.p.length, source.length);
    for (let i = 0; i < this.n; i++) {
      const level = source[i] as BookLevel;
      this.p[i] = level.p;
      this.q[i] = level.q;
    }
  }

  /** Changes from this view to the top of `source` (both sorted, so one merge pass), in side order. */
  diff(source: readonly BookLevel[], toLevel: (p: number, q: number) => Level): Level[] | undefined {
    const limit = Math.min(this.p.length, source.length);
    let changes: Level[] | undefined;
    let i = 0;
    let j = 0;
    while (i < this.n || j < limit) {
      const next = j < limit ? (source[j] as BookLevel) : undefined;
      const oldP = i < this.n ? (this.p[i] as number) : Number.NaN;
      if (next && i < this.n && oldP === next.p) {
        if (this.q[i] !== next.q) (changes ??= []).push(toLevel(next.p, next.q));
        i++;
        j++;
      } else if (i < this.n && (!next || this.before(oldP, next.p))) {
        (changes ??= []).push(toLevel(oldP, 0));
        i++;
      } else if (next) {
        (changes ??= []).push(toLevel(next.p, next.q));
        j++;
      }
    }
    return changes;
  }

  levels(toLevel: (p: number, q: number) => Level): Level[] {
    const out: Level[] = new Array<Level>(this.n);
    for (let i = 0; i < this.n; i++) out[i] = toLevel(this.p[i] as number, this.q[i] as number);
    return out;
  }
}

/**
 * The top `levels` of a book as the subscribers of `market.$s.mbp.$levels` last saw it. Each update
 * diffs the live book against that view: changed or new levels carry their size, levels that left
 * the top carry 0. Applying every increment to a snapshot therefore rebuilds exactly this view.
 */
export class MbpView {
  private readonly bids: ViewSide;
  private readonly asks: ViewSide;
  /** seqNum of the last increment (or of the initial state when none was made yet). */
  seqNum: number;
  last: MbpIncrement | undefined;
  private readonly toLevel: (p: number, q: number) => Level;

  constructor(
    readonly levels: number,
    book: OrderBook,
    priceScale: number,
    amountScale: number,
  ) {
    this.bids = new ViewSide(levels, (a, b) => a > b);
    this.asks = new ViewSide(levels, (a, b) => a < b);
    this.bids.copy(book.bids);
    this.asks.copy(book.asks);
    this.seqNum = book.version;
    this.toLevel = (p, q) => [p / priceScale, q / amountScale];
  }

  /** The increment since the last one, or undefined when the visible top did not change. */
  update(book: OrderBook): MbpIncrement | undefined {
    if (book.version === this.seqNum) return undefined;
    const bids = this.bids.diff(book.bids, this.toLevel);
    const asks = this.asks.diff(book.asks, this.toLevel);
    if (!bids && !asks) return undefined;
    const increment: MbpIncrement = { seqNum: book.version, prevSeqNum: this.seqNum };
    if (bids) {
      increment.bids = bids;
      this.bids.copy(book.bids);
    }
    if (asks) {
      increment.asks = asks;
      this.asks.copy(book.asks);
    }
    this.seqNum = book.version;
    this.last = increment;
    return increment;
  }

  snapshot(): MbpSnapshot {
    return { seqNum: this.seqNum, bids: this.bids.levels(this.toLevel), asks: this.asks.levels(this.toLevel) };
  }
}
