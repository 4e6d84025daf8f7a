/**
 * Which indicators the charts show, chosen by the user and remembered on the device;
 * the options and spot charts share the choice. Moving averages and volume are on until turned off.
 */
import { proxy } from 'valtio';

export type StudyName = 'ma' | 'boll' | 'vol' | 'macd' | 'rsi';
export const STUDY_NAMES: readonly StudyName[] = ['ma', 'boll', 'vol', 'macd', 'rsi'];

const STORAGE_KEY = 'chart_studies';
const DEFAULTS: Record<StudyName, boolean> = { ma: true, boll: false, vol: true, macd: false, rsi: false };

function load(): Record<StudyName, boolean> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object') {
      const stored = parsed as Partial<Record<StudyName, unknown>>;
      return Object.fromEntries(
        STUDY_NAMES.map((name) => [name, typeof stored[name] === 'boolean' ? stored[name] : DEFAULTS[name]]),
      ) as Record<StudyName, boolean>;
    }
  } catch {
    // Unreadable: the defaults.
  }
  return { ...DEFAULTS };
}

export const chartStudies = proxy<Record<StudyName, boolean>>(typeof window === 'undefined' ? { ...DEFAULTS } : load());

/** Turns one indicator on or off and remembers the choice. */
export function toggleStudy(name: StudyName): void {
  chartStudies[name] = !chartStudies[name];
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...chartStudies }));
  } catch {
    // Not remembered, still applied.
  }
}

/** Reads the remembered choice again (tests, another tab). */
export function reloadStudies(): void {
  Object.assign(chartStudies, load());
}
