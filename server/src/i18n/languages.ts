/** One entry of getLangList (docs/product-rules.md#languages-and-themes). */
export interface Language {
  /** The language's name in its own script. */
  language_name: string;
  /** The language code the client loads (`locales/<file_name>.json`) and sends as `Lang`. */
  file_name: string;
  /** 1 for the default language (English), otherwise 0. */
  is_default: 0 | 1;
}

/**
 * The 26 languages of docs/product-rules.md#languages-and-themes, in its order. The spec gives only codes; three are not ISO 639-1
 * and are read as: `cr` Croatian, `la` Lao, `rm` Romanian.
 */
export const LANGUAGES: readonly Language[] = [
  { file_name: 'ar', language_name: 'العربية', is_default: 0 },
  { file_name: 'bn', language_name: 'বাংলা', is_default: 0 },
  { file_name: 'cr', language_name: 'Hrvatski', is_default: 0 },
  { file_name: 'de', language_name: 'Deutsch', is_default: 0 },
  { file_name: 'el', language_name: 'Ελληνικά', is_default: 0 },
  { file_name: 'en', language_name: 'English', is_default: 1 },
  { file_name: 'es', language_name: 'Español', is_default: 0 },
  { file_name: 'fa', language_name: 'فارسی', is_default: 0 },
  { file_name: 'fr', language_name: 'Français', is_default: 0 },
  { file_name: 'hi', language_name: 'हिन्दी', is_default: 0 },
  { file_name: 'id', language_name: 'Bahasa Indonesia', is_default: 0 },
  { file_name: 'it', language_name: 'Italiano', is_default: 0 },
  { file_name: 'ja', language_name: '日本語', is_default: 0 },
  { file_name: 'ko', language_name: '한국어', is_default: 0 },
  { file_name: 'la', language_name: 'ລາວ', is_default: 0 },
  { file_name: 'ms', language_name: 'Bahasa Melayu', is_default: 0 },
  { file_name: 'pt', language_name: 'Português', is_default: 0 },
  { file_name: 'rm', language_name: 'Română', is_default: 0 },
  { file_name: 'ru', language_name: 'Русский', is_default: 0 },
  { file_name: 'sv', language_name: 'Svenska', is_default: 0 },
  { file_name: 'th', language_name: 'ไทย', is_default: 0 },
  { file_name: 'tr', language_name: 'Türkçe', is_default: 0 },
  { file_name: 'ur', language_name: 'اردو', is_default: 0 },
  { file_name: 'vi', language_name: 'Tiếng Việt', is_default: 0 },
  { file_name: 'zh-TW', language_name: '繁體中文', is_default: 0 },
  { file_name: 'zh-cn', language_name: '简体中文', is_default: 0 },
];

/** The canonical code for `code` (codes compare case-insensitively), or null when unsupported. */
export function findLanguage(code: string): Language | null {
  const wanted = code.toLowerCase();
  return LANGUAGES.find((l) => l.file_name.toLowerCase() === wanted) ?? null;
}
