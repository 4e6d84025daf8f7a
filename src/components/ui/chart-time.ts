/**
 * The chart's clock and calendar. lightweight-charts reads a bar's time as UTC and, left
 * to itself, labels it in the browser's language; the rest of the app writes times in the app's
 * language and the phone's time zone (lib/format.ts). So the chart is given times shifted so that
 * their UTC reading is the time to show, and formatters in the app's language.
 *
 * - Bars of a day and longer start at 00:00 GMT+8, as HTX's do (server/src/feed/periods.ts), and are
 *   labelled with that date, the exchange's day, wherever the phone is: shifted by 8 hours. Unshifted
 *   they read 16:00 the day before.
 * - Shorter bars read the phone's clock, like the trade tape and the order lists: shifted by the
 *   zone's offset. One offset for the whole series keeps times in order across a daylight-saving
 *   change (a per-bar offset would give an hour's bars twice); when the offset changes while the
 *   chart is open, MarketChart draws the whole series again on the new one.
 * - Digits are Latin and the clock is 24-hour, as everywhere in the app (format.ts).
 * - The crosshair's date reads as every date in the app does, year first: "2026-11-27 21:42", or
 *   "2026-11-27" for bars of a day and longer (docs/numbers-and-dates.md). It holds no letters, so
 *   the canvas, which lays text out left to right, shows it the same in Arabic, Persian and Urdu.
 *   Tick marks are one part each (a year, a month's name in the app's language, a day of the month, a
 *   time), which no language reads two ways.
 */
import { TickMarkType, type Time, type UTCTimestamp } from 'lightweight-charts';
import type { CandlePeriod } from '../../../common/protocol.ts';
import { languageTag } from '../../lib/language.ts';

const EXCHANGE_DAY_SHIFT_S = 8 * 3600;
const DAY_AND_LONGER = new Set<CandlePeriod>(['1day', '1week', '1mon', '1year']);

/** Bars a day long or longer: labelled by date alone. */
export function isDayOrLonger(period: CandlePeriod): boolean {
  return DAY_AND_LONGER.has(period);
}

/**
 * Seconds to add to a bar's time (epoch seconds) before the chart gets it. `zoneOffsetMinutes` is
 * `Date#getTimezoneOffset()` of the phone: minutes behind UTC, -480 in GMT+8.
 */
export function chartTimeShift(period: CandlePeriod, zoneOffsetMinutes: number): number {
  return isDayOrLonger(period) ? EXCHANGE_DAY_SHIFT_S : -zoneOffsetMinutes * 60;
}

export interface ChartTimeLabels {
  /** The time scale's tick marks: a year, a month, a day of the month or a time of day. */
  tickMark(time: Time, type: TickMarkType): string;
  /** The crosshair's time label: a date, and the time of day for bars shorter than a day. */
  crosshair(time: Time): string;
}

/** A shifted chart time as epoch milliseconds; the chart is only ever given numbers (UTCTimestamp). */
const toMs = (time: Time): number => (time as UTCTimestamp) * 1000;

type Part = 'year' | 'month' | 'day' | 'time' | 'seconds';

const OPTIONS: Record<Part, Intl.DateTimeFormatOptions> = {
  year: { year: 'numeric' },
  month: { month: 'short' },
  day: { day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  seconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
};

const TICK_PART: Record<TickMarkType, Part> = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
  [TickMarkType.Time]: 'time',
  [TickMarkType.TimeWithSeconds]: 'seconds',
};

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** "2026-11-27" of a shifted chart time: its UTC reading (above). */
function dateOf(at: Date): string {
  return `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;
}

const cache = new Map<string, ChartTimeLabels>();

/**
 * The chart's labels in `lang` (a locale file name such as zh-cn) for bars of `period`, each
 * formatter made on its first use and kept: the library's own builds a new one for every label.
 */
export function chartTimeLabels(lang: string, period: CandlePeriod): ChartTimeLabels {
  const dayOrLonger = isDayOrLonger(period);
  const key = `${lang}:${dayOrLonger ? 'day' : 'intraday'}`;
  const known = cache.get(key);
  if (known) return known;
  const tag = languageTag(lang);
  const formats = new Map<Part, Intl.DateTimeFormat>();
  const format = (part: Part, time: Time): string => {
    let formatter = formats.get(part);
    if (!formatter) {
      // The shifted time's UTC reading is the one to show (above).
      formatter = new Intl.DateTimeFormat(tag, { ...OPTIONS[part], timeZone: 'UTC', numberingSystem: 'latn' });
      formats.set(part, formatter);
    }
    return formatter.format(toMs(time));
  };
  const labels: ChartTimeLabels = {
    tickMark: (time, type) => format(TICK_PART[type], time),
    crosshair(time) {
      const at = new Date(toMs(time));
      return dayOrLonger ? dateOf(at) : `${dateOf(at)} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
    },
  };
  cache.set(key, labels);
  return labels;
}
