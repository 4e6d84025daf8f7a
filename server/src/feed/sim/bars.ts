import { nextPeriodStart, periodStart, type Period } from '../periods.ts';
import type { Bar } from '../types.ts';

/** Merges finer bars (ascending) into bars of `period`: first open, last close, extremes, sums. */
export function aggregateBars(bars: readonly Bar[], period: Period): Bar[] {
  const out: Bar[] = [];
  let current: Bar | undefined;
  for (const bar of bars) {
    const id = periodStart(period, bar.id);
    if (!current || current.id !== id) {
      current = { ...bar, id };
      out.push(current);
      continue;
    }
    current.close = bar.close;
    if (bar.high > current.high) current.high = bar.high;
    if (bar.low < current.low) current.low = bar.low;
    current.amount += bar.amount;
    current.vol += bar.vol;
    current.count += bar.count;
  }
  return out;
}

/**
 * The bars of one period, the last one open. Live trades update it; time rolls it to a new bar
 * that opens flat at the last close, so every slot has a bar even when nothing traded.
 */
export class BarSeries {
  private nextStart: number;

  constructor(
    readonly period: Period,
    readonly bars: Bar[],
    /** Oldest bars beyond this count are dropped as the series grows. */
    private readonly keep: number,
  ) {
    const last = bars[bars.length - 1];
    this.nextStart = last ? nextPeriodStart(period, last.id) : Number.NEGATIVE_INFINITY;
  }

  get current(): Bar | undefined {
    return this.bars[this.bars.length - 1];
  }

  /** Makes the open bar the one containing `tSec` (opening flat bars for any skipped slots). */
  rollTo(tSec: number, lastPrice: number): void {
    if (tSec < this.nextStart) return;
    if (this.bars.length === 0) {
      this.open(periodStart(this.period, tSec), lastPrice);
    } else {
      const target = periodStart(this.period, tSec);
      // A long gap opens only the slots a chart would show, not years of empty minutes.
      let start = Math.max(this.nextStart, periodStartBefore(this.period, target, 2000));
      while (start <= target) {
        this.open(start, lastPrice);
        start = nextPeriodStart(this.period, start);
      }
    }
    if (this.bars.length > this.keep * 1.1) this.bars.splice(0, this.bars.length - this.keep);
  }

  addTrade(tSec: number, price: number, amount: number): void {
    const bar = this.current;
    if (!bar || tSec < bar.id) return;
    this.rollTo(tSec, price);
    const open = this.current as Bar;
    if (price > open.high) open.high = price;
    if (price < open.low) open.low = price;
    open.close = price;
    open.amount += amount;
    open.vol += amount * price;
    open.count += 1;
  }

  private open(id: number, price: number): void {
    this.bars.push({ id, open: price, close: price, low: price, high: price, amount: 0, vol: 0, count: 0 });
    this.nextStart = nextPeriodStart(this.period, id);
  }
}

/** Roughly the start `count` slots before `target` (months and years vary in length; close enough). */
function periodStartBefore(period: Period, target: number, count: number): number {
  const length = nextPeriodStart(period, target) - target;
  return periodStart(period, target - length * count);
}
