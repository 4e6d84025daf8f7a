import { proxy } from 'valtio';
import { canonicalLanguage, LANGUAGES } from '../../../lib/language.ts';
import { setLanguage } from '../../../lib/session.ts';
import { getLangList, type Language } from '../api/get-lang-list.ts';
import { setLang } from '../api/set-lang.ts';

/** The language picker's list: the built-in 26 until getLangList answers, then the server's list. */
export const langStore = proxy({
  languages: LANGUAGES.map((l): Language => ({
    language_name: l.name,
    file_name: l.code,
    is_default: l.code === 'en' ? 1 : 0,
  })),
  loaded: false,
});

export async function loadLanguages(): Promise<void> {
  if (langStore.loaded) return;
  try {
    const result = await getLangList();
    const list = result.ok ? (result.data?.list ?? []).filter((l) => canonicalLanguage(l.file_name)) : [];
    if (list.length > 0) {
      langStore.languages = list;
      langStore.loaded = true;
    }
  } catch {
    // Keep the built-in list.
  }
}

/** Switches the UI language at once, then tells the server (its answer does not block the switch). */
export async function chooseLanguage(code: string): Promise<void> {
  const lang = canonicalLanguage(code);
  if (!lang) return;
  await setLanguage(lang);
  setLang({ lang }).catch(() => undefined);
}
