import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languageTag } from '../../../lib/language.ts';
import { toBig } from '../../../lib/money.ts';

/** How the earn screens show rates, periods and times in a language. */
export interface EarnFormat {
  /** A percent given as decimal text ("0.3333" → "0.3333%", with the language's sign and its place), exact. */
  percent(text: string): string;
  /** A number of days ("7 days", "7天", "7 أيام"). */
  days(count: number): string;
  /** An instant, date and time. */
  dateTime(ms: number): string;
}

/**
 * The formats of `lang` (DESIGN.md §6: numbers and dates through Intl). Digits stay Latin in every
 * language, as amounts do; a percent is passed to Intl as exact decimal text, never as a float.
 */
export function earnFormat(lang: string): EarnFormat {
  const tag = languageTag(lang);
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 8, numberingSystem: 'latn' });
  const days = new Intl.NumberFormat(tag, { style: 'unit', unit: 'day', unitDisplay: 'long', numberingSystem: 'latn' });
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' });
  return {
    percent: (text) => {
      const value = toBig(text);
      // Intl takes decimal strings exactly (Intl.NumberFormat v3); the cast is for older type libraries.
      return value ? percent.format(value.div(100).toString() as unknown as number) : '--';
    },
    days: (count) => days.format(count),
    dateTime: (ms) => dateTime.format(ms),
  };
}

/** earnFormat of the current language. */
export function useEarnFormat(): EarnFormat {
  const { i18n } = useTranslation();
  return useMemo(() => earnFormat(i18n.language), [i18n.language]);
}

