import { messagesEn, type MessageKey } from './messages-en.ts';
import { messagesZhCn } from './messages-zh-cn.ts';

export type { MessageKey } from './messages-en.ts';

const catalogues: Record<string, Record<MessageKey, string>> = {
  en: messagesEn,
  'zh-cn': messagesZhCn,
};

/**
 * A server message in the request's language (`Lang` header). Only `en` and `zh-cn` have
 * catalogues; every other language falls back to English. `{name}` placeholders take `vars`.
 */
export function t(lang: string, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const catalogue = catalogues[lang.toLowerCase()] ?? messagesEn;
  return catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
