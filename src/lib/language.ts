/**
 * Language rules (docs/product-rules.md#languages-and-themes). The spec gives two readings of the default language:
 *   (a) from the browser: zh-cn when the browser language contains "zh", otherwise en;
 *   (b) the stored value, falling back to en.
 * We apply both in order: a stored choice wins (b), and only without one does the browser decide (a).
 * So a returning user keeps the language they picked and a first visit gets Chinese or English from
 * the browser. Any "zh" browser (zh-TW, zh-HK too) gets zh-cn, exactly as reading (a) states.
 */

/** The 26 locale file names of docs/product-rules.md#languages-and-themes with their own names, used before getLangList answers. */
export const LANGUAGES: readonly { code: string; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'zh-cn', name: '简体中文' },
  { code: 'zh-TW', name: '繁體中文' },
  { code: 'ar', name: 'العربية' },
  { code: 'bn', name: 'বাংলা' },
  { code: 'cr', name: 'Hrvatski' },
  { code: 'de', name: 'Deutsch' },
  { code: 'el', name: 'Ελληνικά' },
  { code: 'es', name: 'Español' },
  { code: 'fa', name: 'فارسی' },
  { code: 'fr', name: 'Français' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'it', name: 'Italiano' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'la', name: 'ລາວ' },
  { code: 'ms', name: 'Bahasa Melayu' },
  { code: 'pt', name: 'Português' },
  { code: 'rm', name: 'Română' },
  { code: 'ru', name: 'Русский' },
  { code: 'sv', name: 'Svenska' },
  { code: 'th', name: 'ไทย' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'ur', name: 'اردو' },
  { code: 'vi', name: 'Tiếng Việt' },
];

export const DEFAULT_LANGUAGE = 'en';
const CHINESE = 'zh-cn';
const RTL = new Set(['ar', 'fa', 'ur']);

/** The known file name for a code, matched case-insensitively (zh-CN → zh-cn); null when unknown. */
export function canonicalLanguage(code: string | null | undefined): string | null {
  if (!code) return null;
  const lower = code.toLowerCase();
  return LANGUAGES.find((l) => l.code.toLowerCase() === lower)?.code ?? null;
}

/** The language to start with: stored value, else zh-cn for a zh browser, else en (see above). */
export function resolveLanguage(stored: string | null, browserLanguage: string | null | undefined): string {
  const known = canonicalLanguage(stored);
  if (known) return known;
  if (browserLanguage && browserLanguage.toLowerCase().includes('zh')) return CHINESE;
  return DEFAULT_LANGUAGE;
}

/** ar, fa and ur render right-to-left (docs/architecture.md#conventions). */
export function isRtl(lang: string): boolean {
  return RTL.has(lang.toLowerCase());
}

/**
 * The BCP 47 tag of a file name, for <html lang> (screen readers, hyphenation) and Intl. The spec's
 * flags cr, la and rm are read as Croatian, Lao and Romanian (their files are written in those), whose
 * standard tags are hr, lo and ro.
 */
export function languageTag(lang: string): string {
  const tags: Record<string, string> = { cr: 'hr', la: 'lo', rm: 'ro', 'zh-cn': 'zh-CN' };
  return tags[lang] ?? lang;
}

/** Sets `lang` and `dir` on <html>. */
export function applyDocumentLanguage(lang: string, root: HTMLElement = document.documentElement): void {
  root.lang = languageTag(lang);
  root.dir = isRtl(lang) ? 'rtl' : 'ltr';
}
