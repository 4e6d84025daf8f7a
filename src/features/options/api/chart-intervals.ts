import type { CandlePeriod } from '../../../../common/protocol.ts';

/** Chart resolutions of docs/product-rules.md#options and the feed periods they map to; the default is 1D. */
export const CHART_INTERVALS: readonly { label: string; period: CandlePeriod }[] = [
  { label: '1', period: '1min' },
  { label: '5', period: '5min' },
  { label: '15', period: '15min' },
  { label: '30', period: '30min' },
  { label: '60', period: '60min' },
  { label: '4H', period: '4hour' },
  { label: 'D', period: '1day' },
  { label: 'W', period: '1week' },
  { label: 'M', period: '1mon' },
];

export const DEFAULT_PERIOD: CandlePeriod = '1day';

/**
 * The interval the chart opens on: the default 1D on a first visit, afterwards the one the
 * user chose last (a 30-second product should not reopen on daily candles every time).
 * A stored value that is not one of the intervals counts as no choice.
 */
export function openingPeriod(stored: string | null): CandlePeriod {
  return CHART_INTERVALS.find((interval) => interval.period === stored)?.period ?? DEFAULT_PERIOD;
}
export const DEFAULT_SYMBOL = 'btcusdt';

/** Moving-average windows of docs/product-rules.md#options. */
export const MA_WINDOWS = [5, 10, 20, 30] as const;

/** Simple moving average of the closes ending at each index from `window - 1` on (display only). */
export function movingAverage(closes: readonly number[], window: number): (number | null)[] {
  const out: (number | null)[] = [];
  let sum = 0;
  closes.forEach((close, i) => {
    sum += close;
    if (i >= window) sum -= closes[i - window] as number;
    out.push(i >= window - 1 ? sum / window : null);
  });
  return out;
}
