/**
 * Kline periods of the HTX protocol and where their bars start. Bars of 1day and longer are aligned
 * to GMT+8 (Singapore time), as HTX does; weeks start on Monday 00:00 GMT+8 (our choice: the docs
 * do not say which weekday). Times here are epoch seconds, like a bar's `id`.
 */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon', '1year'] as const;
export type Period = (typeof PERIODS)[number];

const GMT8 = 8 * 3600;
const DAY = 86400;

/** Fixed lengths in seconds; 1mon and 1year vary. 4hour boundaries are the same in UTC and GMT+8. */
function fixedLength(period: Period): number | undefined {
  switch (period) {
    case '1min':
      return 60;
    case '5min':
      return 300;
    case '15min':
      return 900;
    case '30min':
      return 1800;
    case '60min':
      return 3600;
    case '4hour':
      return 14400;
    default:
      return undefined;
  }
}

export function isPeriod(value: string): value is Period {
  return (PERIODS as readonly string[]).includes(value);
}

/** Start (epoch s) of the bar of `period` that contains `tSec`. */
export function periodStart(period: Period, tSec: number): number {
  const fixed = fixedLength(period);
  if (fixed !== undefined) return Math.floor(tSec / fixed) * fixed;
  const local = tSec + GMT8;
  switch (period) {
    case '1day':
      return Math.floor(local / DAY) * DAY - GMT8;
    case '1week': {
      const day = Math.floor(local / DAY);
      // 1970-01-01 was a Thursday: (day + 3) mod 7 days have passed since Monday.
      const sinceMonday = (((day + 3) % 7) + 7) % 7;
      return (day - sinceMonday) * DAY - GMT8;
    }
    case '1mon': {
      const date = new Date(local * 1000);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000 - GMT8;
    }
    default: {
      const date = new Date(local * 1000);
      return Date.UTC(date.getUTCFullYear(), 0, 1) / 1000 - GMT8;
    }
  }
}

/** Start (epoch s) of the bar after the one starting at `startSec`. */
export function nextPeriodStart(period: Period, startSec: number): number {
  const fixed = fixedLength(period);
  if (fixed !== undefined) return startSec + fixed;
  switch (period) {
    case '1day':
      return startSec + DAY;
    case '1week':
      return startSec + 7 * DAY;
    case '1mon': {
      const date = new Date((startSec + GMT8) * 1000);
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000 - GMT8;
    }
    default: {
      const date = new Date((startSec + GMT8) * 1000);
      return Date.UTC(date.getUTCFullYear() + 1, 0, 1) / 1000 - GMT8;
    }
  }
}
