/**
 * Exact decimal money for the client (docs/architecture.md#money-is-exact): amounts travel as decimal strings and are
 * computed with big.js, never JS floats. Display precision per docs/product-rules.md#constants.
 */
import Big from 'big.js';

/** Plain decimal text: optional sign, digits, optional fraction; no exponent, no spaces. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Parses decimal text (e.g. "12.5", "+1.20") into a Big; null when it is not a plain decimal. */
export function toBig(text: string | number | null | undefined): Big | null {
  if (text === null || text === undefined) return null;
  const value = typeof text === 'number' ? String(text) : text.trim();
  if (!DECIMAL.test(value)) return null;
  return new Big(value.replace(/^\+/, ''));
}

/** How many digits follow the decimal point in `text` (0 for whole numbers). */
export function decimalPlaces(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** A non-negative plain decimal in its shortest whole part ("0.5", "12", "12.340"). */
const PLAIN_NON_NEGATIVE = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * `value` with exactly `dp` decimals, rounded down (toward zero) so a shown balance never exceeds the
 * real one; `fallback` when the value is not a decimal. A non-negative plain decimal is cut or padded
 * as text, which is what big.js's round-down gives, without making a Big: the order book formats
 * twenty of them five times a second.
 */
export function formatFixed(value: string | Big | null | undefined, dp: number, fallback = '--'): string {
  const plain = typeof value === 'string' && Number.isInteger(dp) && dp >= 0 ? PLAIN_NON_NEGATIVE.exec(value) : null;
  if (plain) {
    const [, whole = '0', fraction = ''] = plain;
    return dp === 0 ? whole : `${whole}.${fraction.slice(0, dp).padEnd(dp, '0')}`;
  }
  const big = value instanceof Big ? value : toBig(value);
  if (!big) return fallback;
  return big.round(dp, Big.roundDown).toFixed(dp);
}

/** Like {@link formatFixed} but without trailing fractional zeros ("1.50000000" → "1.5"). */
export function formatTrim(value: string | Big | null | undefined, dp: number, fallback = '--'): string {
  const big = value instanceof Big ? value : toBig(value);
  if (!big) return fallback;
  return big.round(dp, Big.roundDown).toString();
}

/** The direction of a signed change: up for > 0, down for < 0, flat otherwise or when unreadable. */
export function direction(change: string | Big | null | undefined): 'up' | 'down' | 'flat' {
  const big = change instanceof Big ? change : toBig(change);
  if (!big || big.eq(0)) return 'flat';
  return big.gt(0) ? 'up' : 'down';
}

/** A signed change with its sign always shown: "+1.25", "-0.40", "0.00". */
export function formatSigned(value: string | Big | null | undefined, dp: number, fallback = '--'): string {
  const big = value instanceof Big ? value : toBig(value);
  if (!big) return fallback;
  const text = big.abs().round(dp, Big.roundHalfUp).toFixed(dp);
  if (big.gt(0) && text !== new Big(0).toFixed(dp)) return `+${text}`;
  if (big.lt(0) && text !== new Big(0).toFixed(dp)) return `-${text}`;
  return text;
}

/** Percentage change from `open` to `close` (e.g. "+1.23"), 2 decimals; null when open is 0 or unreadable. */
export function percentChange(open: string, close: string): string | null {
  const from = toBig(open);
  const to = toBig(close);
  if (!from || !to || from.eq(0)) return null;
  return formatSigned(to.minus(from).div(from).times(100), 2);
}

export { Big };

/**
 * Reading of docs/product-rules.md#options "Order book 6" and "Options close and prices 6": 6 is the most
 * decimals a price or size is shown with, and each pair shows its own precision below that
 * (BTC/USDT prices have 2: 64594.94, not 64594.940000). While a pair's precision is unknown, 6.
 */
export const MAX_SHOWN_DECIMALS = 6;

/** The decimals to show a pair's prices or sizes with: its precision, at most {@link MAX_SHOWN_DECIMALS}. */
export function shownDecimals(precision: number | undefined): number {
  if (precision === undefined || !Number.isInteger(precision) || precision < 0) return MAX_SHOWN_DECIMALS;
  return Math.min(precision, MAX_SHOWN_DECIMALS);
}
