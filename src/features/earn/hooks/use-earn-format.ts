import { useTranslation } from 'react-i18next';
import { formatsFor } from '../../../lib/format.ts';
import { languageTag } from '../../../lib/language.ts';
import { toBig } from '../../../lib/money.ts';

/** How the earn screens show rates, periods and times in a language. */
export interface EarnFormat {
  /** A percent given as decimal text ("0.3333" → "0.3333%", with the language's sign and its place), exact. */
  percent(text: string): string;
  /** A number of days ("7 days", "7天", "7 أيام"). */
  days(count: number): string;
  /** An instant, date and 24-hour time, as the app's other lists write it (lib/format.ts). */
  dateTime(ms: number): string;
}

const cache = new Map<string, EarnFormat>();

/**
 * The formats of `lang` (DESIGN.md §6: numbers and dates through Intl), made once per language.
 * Digits stay Latin in every language, as amounts do; a percent is passed to Intl as exact decimal
 * text, never as a float.
 */
export function earnFormat(lang: string): EarnFormat {
  const known = cache.get(lang);
  if (known) return known;
  const tag = languageTag(lang);
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 8, numberingSystem: 'latn' });
  const days = new Intl.NumberFormat(tag, { style: 'unit', unit: 'day', unitDisplay: 'long', numberingSystem: 'latn' });
  const made: EarnFormat = {
    percent: (text) => {
      const value = toBig(text);
      // Intl takes decimal strings exactly (Intl.NumberFormat v3); the cast is for older type libraries.
      return value ? percent.format(value.div(100).toString() as unknown as number) : '--';
    },
    days: (count) => days.format(count),
    dateTime: (ms) => formatsFor(lang).dateTime(ms),
  };
  cache.set(lang, made);
  return made;
}

/** earnFormat of the current language. */
export function useEarnFormat(): EarnFormat {
  const { i18n } = useTranslation();
  return earnFormat(i18n.language);
}

