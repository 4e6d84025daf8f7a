import { countAtOrBefore, droppableBefore } from './time-index.ts';

/** How long exact trade prices stay answerable (the price function's retained window). */
export const PRICE_RETENTION_MS = 48 * 3600 * 1000;

/**
 * Trade prices over time, for "last trade price of a symbol at time T". Only changes are stored.
 * Entries older than the retention are dropped, except the last one before the cut, which still
 * answers for times after it.
 */
export class PriceLog {
  private times: number[] = [];
  private prices: string[] = [];
  /**
   * One string per distinct price: a price walks within a narrow band, so 48 h of trades (millions
   * of entries) hold a few thousand distinct prices; sharing them halves the log (measured: 23 bytes
   * an entry instead of 48, a random walk of 2 million trades). Rebuilt from what is kept at each trim.
   */
  private shared = new Map<string, string>();
  /** Whether old entries were dropped (then "no entry before T" means "unknown", not "no trade yet"). */
  trimmed = false;

  constructor(private readonly retentionMs: number) {}

  /** Appends a trade; `tMs` must not go backwards. */
  record(tMs: number, price: string): void {
    const last = this.prices.length - 1;
    if (last >= 0 && this.prices[last] === price) return;
    if (last >= 0 && (this.times[last] as number) === tMs) {
      this.prices[last] = price;
      return;
    }
    let text = this.shared.get(price);
    if (text === undefined) this.shared.set(price, (text = price));
    this.times.push(tMs);
    this.prices.push(text);
    if (this.times.length > 4096 && tMs - (this.times[0] as number) > this.retentionMs * 1.25) this.trim(tMs);
  }

  /** The price in force at `tMs` (the last recorded at or before it), or null before the first. */
  at(tMs: number): string | null {
    const count = countAtOrBefore(this.times, tMs);
    return count === 0 ? null : (this.prices[count - 1] as string);
  }

  private trim(nowMs: number): void {
    const drop = droppableBefore(this.times, nowMs - this.retentionMs);
    if (drop === 0) return;
    this.times.splice(0, drop);
    this.prices.splice(0, drop);
    this.shared = new Map(this.prices.map((text) => [text, text]));
    this.trimmed = true;
  }
}

/** Integer ticks to an exact decimal string with `precision` decimals (`6500012, 2` -> `65000.12`). */
export function ticksToDecimal(ticks: number, precision: number): string {
  const negative = ticks < 0;
  const digits = String(Math.abs(ticks)).padStart(precision + 1, '0');
  const text = precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
  return negative ? `-${text}` : text;
}

/** An exact decimal string to integer ticks at `precision` decimals; throws when it has more decimals. */
export function decimalToTicks(text: string, precision: number): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > precision) throw new Error(`${text} has more than ${precision} decimals`);
  return Number(whole + fraction.padEnd(precision, '0'));
}
