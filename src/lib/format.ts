/**
 * The app's Intl formatters (issue 14): dates, times, volumes and percentages in the app's language
 * (not the browser's), each created on its first use and reused, because building an Intl formatter
 * costs far more than formatting with one (tens of ms on a phone: the first screen builds only the
 * ones it shows).
 *
 * Readings, written down here:
 * - Times are 24-hour everywhere (hourCycle h23), the trading convention, so the trade tape and the
 *   order lists read alike whatever the language's own clock.
 * - Digits are Latin (numberingSystem latn) in every language: prices, amounts and balances are
 *   exact decimal text (money.ts) in Latin digits, which is also what the fields take, and a
 *   percentage or a volume beside them must not switch to another script. Separators, signs, the
 *   percent sign and the compact words (M, Mio., 万, مليون) follow the language.
 * - Volumes of 100 000 and more are compact ("12.35M", two decimals at most); smaller ones are
 *   grouped with at most the decimals asked for (spec §9's 8 for the day summary), cut, not rounded.
 * - Our server sends record times as "YYYY-MM-DD HH:mm:ss" in UTC (README); they are shown in the
 *   device's time zone. A time in any other form is shown as it came.
 */
import { useSnapshot } from 'valtio';
import { toBig, type Big } from './money.ts';
import { isRtl, languageTag } from './language.ts';
import { session } from './session.ts';

/** From this volume on, compact notation. */
export const COMPACT_FROM = 100_000;

export interface Formats {
  /** 24-hour time of day, seconds included: "14:41:08". */
  time(ms: number): string;
  /** 24-hour time of day to the minute: "14:41". */
  minute(ms: number): string;
  /** Short date and 24-hour time: "25/11/2026, 14:41:08" (order of the language). */
  dateTime(ms: number): string;
  /** {@link dateTime} to the millisecond: "25/11/2026, 14:41:08.045" (a trade's time). */
  preciseDateTime(ms: number): string;
  /** A server record time ("YYYY-MM-DD HH:mm:ss", UTC) as {@link dateTime}; the text itself when it is in another form. */
  serverTime(text: string | null | undefined): string;
  /**
   * A percentage from a value in percent ("+0.77" → "+0.77%"), `dp` decimals; signed (a change)
   * unless `signed` is false (a share such as the quick-fill 25%); "--" when unreadable.
   */
  percent(change: string | null | undefined, dp?: number, signed?: boolean): string;
  /** A volume: compact from {@link COMPACT_FROM} on, else grouped with at most `dp` decimals; "--" when unreadable. */
  volume(value: string | null | undefined, dp?: number): string;
  /** A rate in percent as the server states it, every decimal kept up to 8, unsigned ("0.3333" → "0.3333%"); "--" when unreadable. */
  rate(value: string | null | undefined): string;
  /** A number of days, in the language's words ("7 days", "7天", "7 أيام"): no plural rules in the translations. */
  days(count: number): string;
}

type Options = Intl.NumberFormatOptions & { roundingMode?: 'trunc' | 'halfExpand' };

const cache = new Map<string, Formats>();

/** Right-to-left and Arabic letter marks (U+200F, U+061C). */
const RTL_MARKS = /[\u200f\u061c]/g;

/** "YYYY-MM-DD HH:mm:ss" (our server's record times, UTC). */
const SERVER_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function create(lang: string): Formats {
  const tag = languageTag(lang);
  const rtl = isRtl(lang);
  const numbers = new Map<string, Intl.NumberFormat>();
  const number = (key: string, options: Options): Intl.NumberFormat => {
    let format = numbers.get(key);
    if (!format) {
      format = new Intl.NumberFormat(tag, { numberingSystem: 'latn', ...options } as Intl.NumberFormatOptions);
      numbers.set(key, format);
    }
    return format;
  };
  // Intl formats decimal strings exactly (no float); the cast is for TypeScript's older signature.
  const exact = (format: Intl.NumberFormat, value: Big): string => format.format(value.toString() as unknown as number);
  const once = <T>(make: () => T): (() => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const dates = (options: Intl.DateTimeFormatOptions) => {
    const format = once(() => new Intl.DateTimeFormat(tag, { ...options, hourCycle: 'h23', numberingSystem: 'latn' }));
    // Arabic puts right-to-left marks after the day and the month ("28\u200f/11\u200f/2026"). Dates
    // are shown isolated left to right (<bdi dir="ltr">), where those marks scramble them
    // ("2815:57:32 ،2026/11/"); without them a date reads the same in either direction. Only the
    // right-to-left languages write them, so only their times (the trade tape's too) pay for the pass.
    return { format: rtl ? (ms: number) => format().format(ms).replace(RTL_MARKS, '') : (ms: number) => format().format(ms) };
  };
  const hourMinute = { hour: '2-digit', minute: '2-digit' } as const;
  const date = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  const clock = dates({ ...hourMinute, second: '2-digit' });
  const minute = dates(hourMinute);
  const stamp = dates({ ...date, ...hourMinute, second: '2-digit' });
  const preciseStamp = dates({ ...date, ...hourMinute, second: '2-digit', fractionalSecondDigits: 3 });
  const formats: Formats = {
    time: (ms) => clock.format(ms),
    minute: (ms) => minute.format(ms),
    dateTime: (ms) => stamp.format(ms),
    preciseDateTime: (ms) => preciseStamp.format(ms),
    serverTime(text) {
      if (!text) return '';
      const match = SERVER_TIME.exec(text.trim());
      if (!match) return text;
      const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
      const ms = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
      return Number.isNaN(ms) ? text : stamp.format(ms);
    },
    percent(change, dp = 2, signed = true) {
      const value = toBig(change ?? null);
      if (!value) return '--';
      const signDisplay = signed ? 'exceptZero' : 'auto';
      const format = number(`percent:${dp}:${signDisplay}`, { style: 'percent', signDisplay, minimumFractionDigits: dp, maximumFractionDigits: dp, roundingMode: 'halfExpand' });
      return exact(format, value.div(100));
    },
    volume(value, dp = 2) {
      const big = toBig(value ?? null);
      if (!big) return '--';
      if (big.abs().gte(COMPACT_FROM)) return exact(number('compact', { notation: 'compact', maximumFractionDigits: 2, roundingMode: 'trunc' }), big);
      return exact(number(`grouped:${dp}`, { maximumFractionDigits: dp, roundingMode: 'trunc' }), big);
    },
    rate(value) {
      const big = toBig(value ?? null);
      return big ? exact(number('rate', { style: 'percent', maximumFractionDigits: 8 }), big.div(100)) : '--';
    },
    days: (count) => number('days', { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(count),
  };
  return formats;
}

/** The formatters of `lang` (a locale file name such as zh-cn or ar), created on first use. */
export function formatsFor(lang: string): Formats {
  let formats = cache.get(lang);
  if (!formats) {
    formats = create(lang);
    cache.set(lang, formats);
  }
  return formats;
}

/** The formatters of the app's current language; the component re-renders when the language changes. */
export function useFormats(): Formats {
  return formatsFor(useSnapshot(session).lang);
}

/**
 * `text` isolated left to right (LRI … PDI), for a number put into a translated sentence. In Arabic,
 * Persian or Urdu the sentence's letters otherwise pull the number's own marks to the wrong side:
 * "الربح 80%" shows as "الربح %80". Where the number has an element of its own, use <bdi dir="ltr">.
 */
export function isolatedLtr(text: string): string {
  return `\u2066${text}\u2069`;
}
