/**
 * Reading rows of a transferred {@link Book} side. Book numbers are doubles whose shortest text
 * (`String(n)`) is exactly the wire's decimal (protocol.ts), so rows are shown without float noise.
 */
import type { Book } from '../../common/protocol.ts';

/** One book row as exact decimal text. */
export interface BookRow {
  price: string;
  size: string;
}

/** Plain decimal text of a double, without exponent: 9.121e-7 → "0.0000009121". */
export function plainDecimal(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([-+]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The first `count` rows of one side, best first. */
export function bookRows(book: Book, side: 'bids' | 'asks', count: number): BookRow[] {
  const values = book[side];
  const rows: BookRow[] = [];
  for (let i = 0; i < count && i * 2 + 1 < values.length; i++) {
    rows.push({ price: plainDecimal(values[i * 2] as number), size: plainDecimal(values[i * 2 + 1] as number) });
  }
  return rows;
}

/**
 * The price step of a book grouping: 10^step ticks of a pair whose prices have `pricePrecision`
 * decimals (depth.stepN buckets), as decimal text: precision 2, step 3 → "10". Null when the
 * pair's precision is unknown.
 */
export function groupingSize(pricePrecision: number | undefined, step: number): string | null {
  if (pricePrecision === undefined || !Number.isInteger(pricePrecision)) return null;
  const exponent = step - pricePrecision;
  return exponent >= 0 ? `1${'0'.repeat(exponent)}` : `0.${'0'.repeat(-exponent - 1)}1`;
}

/** Decimals a price of a grouped book needs: the pair's, less one per step (never below 0). */
export function groupedDecimals(pricePrecision: number | undefined, step: number, fallback: number): number {
  return pricePrecision === undefined ? fallback : Math.max(0, pricePrecision - step);
}

/** The depth chart's series: cumulative sizes outward from the best price of each side. */
export interface DepthSeries {
  /** [price, cumulative size] pairs, best first (bids falling, asks rising). */
  bids: Float64Array;
  asks: Float64Array;
  /** Midpoint of the best bid and ask, or NaN when a side is empty. */
  mid: number;
  /** The largest cumulative size of either side (the chart's height). */
  maxTotal: number;
}

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
 * Cumulative depth of a book for the depth chart (display only: doubles are fine here, no money is
 * computed). Each side keeps its own levels; the chart centres on `mid`.
 */
export function depthSeries(book: Book): DepthSeries {
  const bids = cumulative(book.bids);
  const asks = cumulative(book.asks);
  const bestBid = book.bids.length >= 2 ? (book.bids[0] as number) : Number.NaN;
  const bestAsk = book.asks.length >= 2 ? (book.asks[0] as number) : Number.NaN;
  const lastTotal = (side: Float64Array) => (side.length >= 2 ? (side[side.length - 1] as number) : 0);
  return { bids, asks, mid: (bestBid + bestAsk) / 2, maxTotal: Math.max(lastTotal(bids), lastTotal(asks)) };
}
