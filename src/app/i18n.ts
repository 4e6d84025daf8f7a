/**
 * i18next setup. English, the default language, travels in the first download: a first screen in
 * English waits for no second request (issue 14). Every other locale in /locales is its own lazily
 * loaded chunk (import.meta.glob without `eager`), so a screen downloads only the language it shows.
 */

import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';

type LocaleModule = { default: ResourceKey };

const loaders = import.meta.glob<LocaleModule>(['../../locales/*.json', '!../../locales/en.json']);

/** file_name → loader; i18next canonicalises codes (zh-cn → zh-CN), so lookups ignore case. */
const byCode = new Map(
  Object.entries(loaders).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length).toLowerCase(), load]),
);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language.toLowerCase() === 'en') {
      callback(null, en);
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

/** Starts i18next in `lang`: at once for English; for another language React components suspend until its chunk has arrived. */
export function initI18n(lang: string): Promise<unknown> {
  return i18next
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
      react: { useSuspense: true },
    });
}
