/**
 * i18next setup. The English strings of the first screen (home, the shell, and what every screen
 * shares: first-screen-groups.ts) travel in the first download: a first screen in English waits for
 * no second request. The rest of English, like every other locale in /locales, is a
 * lazily loaded chunk (import.meta.glob without `eager`): loaded after the first paint and awaited
 * by every other screen (routes.tsx), so new screens' strings never grow the first download.
 */

import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadStringsWith } from '../lib/session.ts';
// The groups of English the first screen shows, picked from locales/en.json at build time (vite.config.ts).
import firstScreenEnglish from 'virtual:first-screen-strings';

type LocaleModule = { default: ResourceKey };

const loaders = import.meta.glob<LocaleModule>('../../locales/*.json');

/** file_name → loader; i18next canonicalises codes (zh-cn → zh-CN), so lookups ignore case. */
const byCode = new Map(
  Object.entries(loaders).map(([path, load]) => [
    path.slice(path.lastIndexOf('/') + 1, -'.json'.length).toLowerCase(),
    load,
  ]),
);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language.toLowerCase() === 'en') {
      callback(null, allEnglish ?? firstScreenEnglish);
      return;
    }
    const load = byCode.get(language.toLowerCase());
    if (!load) {
      callback(new Error(`No locale file for ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let allEnglish: ResourceKey | undefined;
let englishLoading: Promise<void> | undefined;

/** Loads the English strings beyond the first screen's (once) and adds them. */
function loadAllEnglish(): Promise<void> {
  const load = byCode.get('en');
  if (!load) return Promise.reject(new Error('No locale file for en'));
  englishLoading ??= load().then(
    (module) => {
      allEnglish = module.default;
      i18next.addResourceBundle('en', 'translation', allEnglish, true, true);
    },
    (error: unknown) => {
      // A later screen tries again.
      englishLoading = undefined;
      throw error;
    },
  );
  return englishLoading;
}

/** Every string of the language shown: for English, the strings beyond the first screen's; other languages are loaded whole. */
export function loadAllStrings(): Promise<void> {
  if (i18next.resolvedLanguage?.toLowerCase() !== 'en' && i18next.language?.toLowerCase() !== 'en')
    return Promise.resolve();
  return loadAllEnglish();
}

/**
 * Loads a piece of the app kept out of the first download (a page, or a part of the shell shown
 * later) together with every string of the language, so it never shows before its strings.
 */
export function withAllStrings<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), loadAllStrings()]).then(([loaded]) => loaded);
}

/** Starts i18next in `lang`: at once for English; for another language React components suspend until its chunk has arrived. */
export function initI18n(lang: string): Promise<unknown> {
  const started = i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: lang,
      // Every locale carries every key (a unit test enforces it), so no second language is fetched.
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
      // English is at hand: initialise in this task, so the first render does not suspend for it.
      initAsync: false,
      // Nothing re-renders when the rest of English arrives: all that is mounted then shows first-screen
      // strings alone (first-screen-strings.test.ts), every other piece waits for all of them
      // (withAllStrings), and a switch to English loads them first (below). Re-rendering every mounted
      // component for it was a 16 ms task after home's first paint (1x, TBT).
      react: { useSuspense: true },
    });
  // A switch to English takes all of English before it shows (session.ts setLanguage); another
  // language is loaded whole by the switch itself (lazyLocales). A failed load (offline, nothing
  // cached) does not stop the switch: the first screen's English is at hand, and a later screen asks
  // for the rest again (withAllStrings).
  loadStringsWith((language) =>
    language.toLowerCase() === 'en' ? loadAllEnglish().catch(() => undefined) : Promise.resolve(),
  );
  return started;
}
