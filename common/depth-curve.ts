/**
 * The depth chart's curve, computed where the book is (the market worker), at the chart's own
 * resolution, so the page only draws it (docs/architecture.md#depth-chart). Display only: doubles
 * are fine here, no money is computed.
 */

/** Cumulative depth around the mid price: what the depth chart draws. */
export interface DepthCurve {
  symbol: string;
  /** Exchange time of the book it was computed from, ms. */
  ts: number;
  /** [price, cumulative size] pairs, best first (bids falling, asks rising). */
  bids: Float64Array;
  asks: Float64Array;
  /** Midpoint of the best bid and ask, or NaN when a side is empty. */
  mid: number;
  /** The largest cumulative size of either side (the chart's height). */
  maxTotal: number;
}

/** Cumulative sizes of one packed side `[price, size, …]`. */
function cumulative(side: Float64Array): Float64Array {
  const out = new Float64Array(side.length);
  let total = 0;
  for (let i = 0; i + 1 < side.length; i += 2) {
    total += side[i + 1] as number;
    out[i] = side[i] as number;
    out[i + 1] = total;
  }
  return out;
}

/**
 * Keeps at most one point per pixel column of the chart (`column` maps a price to its column): the
 * last (furthest) level in each, with the total so far. The chart draws a step at each point, so a
 * column drawn from its last level reaches the same total at its outer edge as drawn from all of them.
 */
function thin(curve: Float64Array, column: (price: number) => number): Float64Array {
  if (curve.length < 4) return curve;
  const kept: number[] = [];
  let lastColumn = Number.NaN;
  for (let i = 0; i + 1 < curve.length; i += 2) {
    const index = column(curve[i] as number);
    if (index === lastColumn) {
      kept[kept.length - 2] = curve[i] as number;
      kept[kept.length - 1] = curve[i + 1] as number;
    } else {
      kept.push(curve[i] as number, curve[i + 1] as number);
      lastColumn = index;
    }
  }
  return kept.length === curve.length ? curve : Float64Array.from(kept);
}

/** The pixel column a price falls in, on a chart `width` pixels wide spanning mid ± span (as the chart draws it). */
export function depthColumn(mid: number, span: number, width: number): (price: number) => number {
  const left = mid - span;
  const pixel = (2 * span) / width;
  return (price) => Math.floor((price - left) / pixel);
}

/**
 * The depth curve of a book's two packed sides. With `points` (the chart's width in pixels, say)
 * each side keeps at most about one point per pixel of the span the chart shows; without it, every
 * level.
 */
export function depthCurve(
  book: { symbol: string; ts: number; bids: Float64Array; asks: Float64Array },
  points?: number,
): DepthCurve {
  let bids = cumulative(book.bids);
  let asks = cumulative(book.asks);
  const bestBid = book.bids.length >= 2 ? (book.bids[0] as number) : Number.NaN;
  const bestAsk = book.asks.length >= 2 ? (book.asks[0] as number) : Number.NaN;
  const mid = (bestBid + bestAsk) / 2;
  if (points !== undefined && points > 0 && Number.isFinite(mid)) {
    const farBid = bids.length >= 2 ? (bids[bids.length - 2] as number) : mid;
    const farAsk = asks.length >= 2 ? (asks[asks.length - 2] as number) : mid;
    const column = depthColumn(mid, Math.max(mid - farBid, farAsk - mid), points);
    bids = thin(bids, column);
    asks = thin(asks, column);
  }
  const lastTotal = (side: Float64Array) => (side.length >= 2 ? (side[side.length - 1] as number) : 0);
  return { symbol: book.symbol, ts: book.ts, bids, asks, mid, maxTotal: Math.max(lastTotal(bids), lastTotal(asks)) };
}
