/**
 * The app's formatters: dates, times, volumes and percentages. The rule they follow is written down
 * in docs/numbers-and-dates.md; in short, every number and date reads one way in every language:
 *
 * - Numbers are in the plain trading format whatever the language: Latin digits, "." as the decimal
 *   mark, "," to group where a value is grouped at all, the sign and the percent sign as in
 *   "+0.30%". Prices, amounts and balances are exact decimal text (money.ts) written the same way,
 *   which is also what the fields take; a percentage or a volume beside them must not read another
 *   way. So every number formatter is English (NUMBER_LOCALE), built once for all languages.
 * - Volumes of 100,000 and more are compact ("12.35M", two decimals at most); smaller ones are
 *   grouped with at most the decimals asked for (the day summary's 8), cut, not rounded.
 * - Dates read year, month, day, then a 24-hour time: "2026-12-05 14:03:07". No language reads
 *   that order two ways (12/05/2026 is May in one and December in another), its digits are Latin,
 *   and it holds no right-to-left marks, so isolated left to right (<bdi dir="ltr">) it reads the
 *   same inside Arabic, Persian or Urdu text. The calendar is the Gregorian one, in every language.
 * - Times are 24-hour everywhere, the trading convention: the trade tape and the order lists read
 *   alike whatever the language's own clock.
 * - Our server sends record times as "YYYY-MM-DD HH:mm:ss" in UTC (README); they are shown in the
 *   device's time zone. A time in any other form is shown as it came.
 * - Only a number of days keeps the language's words ("7 days", "7天", "7 أيام").
 *
 * Building an Intl formatter costs far more than formatting with one (tens of ms on a phone), so each
 * is created on its first use and reused: the first screen builds only the ones it shows. Dates and
 * times need no Intl formatter at all.
 */
import { useSnapshot } from 'valtio';
import { toBig, type Big } from './money.ts';
import { languageTag } from './language.ts';
import { session } from './session.ts';

/** From this volume on, compact notation. */
export const COMPACT_FROM = 100_000;

/** The one locale of every number: the plain trading format (docs/numbers-and-dates.md). */
const NUMBER_LOCALE = 'en';

export interface Formats {
  /** 24-hour time of day, seconds included: "14:41:08". */
  time(ms: number): string;
  /** 24-hour time of day to the minute: "14:41". */
  minute(ms: number): string;
  /** Date and 24-hour time, year first: "2026-11-25 14:41:08", in every language. */
  dateTime(ms: number): string;
  /** {@link dateTime} to the millisecond: "2026-11-25 14:41:08.045" (a trade's time). */
  preciseDateTime(ms: number): string;
  /** A server record time ("YYYY-MM-DD HH:mm:ss", UTC) as {@link dateTime}; the text itself when it is in another form. */
  serverTime(text: string | null | undefined): string;
  /**
   * A percentage from a value in percent ("+0.77" → "+0.77%"), `dp` decimals; signed (a change)
   * unless `signed` is false (a share such as the quick-fill 25%); "--" when unreadable.
   */
  percent(change: string | null | undefined, dp?: number, signed?: boolean): string;
  /** A volume: compact from {@link COMPACT_FROM} on ("12.34M"), else grouped ("99,999.5") with at most `dp` decimals; "--" when unreadable. */
  volume(value: string | null | undefined, dp?: number): string;
  /** A rate in percent as the server states it, every decimal kept up to 8, unsigned ("0.3333" → "0.3333%"); "--" when unreadable. */
  rate(value: string | null | undefined): string;
  /** A number of days, in the language's words ("7 days", "7天", "7 أيام"): no plural rules in the translations. */
  days(count: number): string;
}

type Options = Intl.NumberFormatOptions & { roundingMode?: 'trunc' | 'halfExpand' };

/** The number formatters, one per set of options, shared by every language. */
const numbers = new Map<string, Intl.NumberFormat>();

function number(key: string, options: Options): Intl.NumberFormat {
  let format = numbers.get(key);
  if (!format) {
    // English's own digits are Latin: no numberingSystem to ask for.
    format = new Intl.NumberFormat(NUMBER_LOCALE, options as Intl.NumberFormatOptions);
    numbers.set(key, format);
  }
  return format;
}

// Intl formats decimal strings exactly (no float); the cast is for TypeScript's older signature.
const exact = (format: Intl.NumberFormat, value: Big): string => format.format(value.toString() as unknown as number);

/** "YYYY-MM-DD HH:mm:ss" (our server's record times, UTC). */
const SERVER_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const two = (n: number): string => String(n).padStart(2, '0');

/** "14:41" in the device's time zone. */
function minuteOf(at: Date): string {
  return `${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** "14:41:08" in the device's time zone. */
function timeOf(at: Date): string {
  return `${minuteOf(at)}:${two(at.getSeconds())}`;
}

/** "2026-11-25 14:41:08" in the device's time zone. */
function dateTimeOf(at: Date): string {
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${timeOf(at)}`;
}

/** The same in every language: dates, times, percentages, volumes and rates. */
const shared: Omit<Formats, 'days'> = {
  time: (ms) => timeOf(new Date(ms)),
  minute: (ms) => minuteOf(new Date(ms)),
  dateTime: (ms) => dateTimeOf(new Date(ms)),
  preciseDateTime(ms) {
    const at = new Date(ms);
    return `${dateTimeOf(at)}.${String(at.getMilliseconds()).padStart(3, '0')}`;
  },
  serverTime(text) {
    if (!text) return '';
    const match = SERVER_TIME.exec(text.trim());
    if (!match) return text;
    const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
    return dateTimeOf(new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s)));
  },
  percent(change, dp = 2, signed = true) {
    const value = toBig(change ?? null);
    if (!value) return '--';
    const signDisplay = signed ? 'exceptZero' : 'auto';
    const format = number(`percent:${dp}:${signDisplay}`, {
      style: 'percent',
      signDisplay,
      minimumFractionDigits: dp,
      maximumFractionDigits: dp,
      roundingMode: 'halfExpand',
    });
    return exact(format, value.div(100));
  },
  volume(value, dp = 2) {
    const big = toBig(value ?? null);
    if (!big) return '--';
    if (big.abs().gte(COMPACT_FROM))
      return exact(number('compact', { notation: 'compact', maximumFractionDigits: 2, roundingMode: 'trunc' }), big);
    return exact(number(`grouped:${dp}`, { maximumFractionDigits: dp, roundingMode: 'trunc' }), big);
  },
  rate(value) {
    const big = toBig(value ?? null);
    return big ? exact(number('rate', { style: 'percent', maximumFractionDigits: 8 }), big.div(100)) : '--';
  },
};

const cache = new Map<string, Formats>();

function create(lang: string): Formats {
  let days: Intl.NumberFormat | undefined;
  return {
    ...shared,
    // Ungrouped: a language's own grouping (1.000 in German) would break the rule above, and no
    // term is a thousand days long.
    days: (count) =>
      (days ??= new Intl.NumberFormat(languageTag(lang), {
        numberingSystem: 'latn',
        style: 'unit',
        unit: 'day',
        unitDisplay: 'long',
        useGrouping: false,
      })).format(count),
  };
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
