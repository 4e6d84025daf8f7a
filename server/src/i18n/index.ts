import { existsSync, readFileSync } from 'node:fs';
import { LANGUAGES } from './languages.ts';
import { messagesEn, type MessageKey } from './messages-en.ts';

export type { MessageKey } from './messages-en.ts';

/** Where each language's catalogue lives: `locales/<file_name>.json`, one flat object of English's keys. */
export const LOCALES_DIR = new URL('./locales/', import.meta.url);

/**
 * The catalogue of `code` read from its file, over English: a key the file lacks reads in English
 * rather than as a raw key (the messages test fails on any such gap). Null when there is no file.
 */
export function readCatalogue(code: string): Record<MessageKey, string> | null {
  const file = new URL(`${code}.json`, LOCALES_DIR);
  if (!existsSync(file)) return null;
  const texts = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<MessageKey, string>>;
  return { ...messagesEn, ...texts };
}

/** Every language of docs/product-rules.md#languages-and-themes with a file, keyed by its lower-cased code; English is the source itself. */
const catalogues = new Map<string, Record<MessageKey, string>>([['en', messagesEn]]);
for (const { file_name } of LANGUAGES) {
  const catalogue = file_name === 'en' ? null : readCatalogue(file_name);
  if (catalogue) catalogues.set(file_name.toLowerCase(), catalogue);
}

/**
 * A server message in the request's language (`Lang` header), case-insensitively; English for a
 * language the server does not know. `{name}` placeholders take `vars`.
 */
export function t(lang: string, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const catalogue = catalogues.get(lang.toLowerCase()) ?? messagesEn;
  return catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
