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
