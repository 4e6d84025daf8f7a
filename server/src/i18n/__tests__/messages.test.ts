import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR, readCatalogue, t } from '../index.ts';
import { messagesEn } from '../messages-en.ts';
import { findLanguage, LANGUAGES } from '../languages.ts';

const englishKeys = Object.keys(messagesEn);
const holes = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
/** A catalogue's own file, without the English it is read over. */
const fileOf = (code: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`${code}.json`, LOCALES_DIR), 'utf8')) as Record<string, unknown>;
const translated = LANGUAGES.map((l) => l.file_name).filter((code) => code !== 'en');

describe('server messages', () => {
  it('has a catalogue for each of the 25 languages besides English, and files for no other', () => {
    const files = readdirSync(LOCALES_DIR).map((name) => name.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...translated].sort());
  });

  it.each(translated)(
    '%s carries exactly the English keys, each a non-empty text with the same placeholders',
    (code) => {
      const file = fileOf(code);
      expect(Object.keys(file).sort()).toEqual([...englishKeys].sort());
      for (const key of englishKeys) {
        const text = file[key];
        expect(typeof text === 'string' && text.trim().length > 0, `${code} ${key}`).toBe(true);
        expect(holes(text as string), `${code} ${key}`).toEqual(holes(messagesEn[key as keyof typeof messagesEn]));
      }
    },
  );

  /** Texts that read the same as English because that is the language's own trading word, as its client strings (locales/) write it. */
  const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
    de: ['trade.limit'],
    sv: ['trade.limit'],
    tr: ['trade.limit'],
    el: ['trade.limit', 'trade.market'],
    id: ['trade.limit', 'trade.market'],
    ms: ['wallet.bill.deposit'],
  };

  it.each(translated)('%s is translated, not English left in place', (code) => {
    const file = fileOf(code);
    const english = englishKeys.filter((key) => file[key] === messagesEn[key as keyof typeof messagesEn]);
    expect(english).toEqual(SAME_AS_ENGLISH[code] ?? []);
  });

  it('picks the catalogue by language, case-insensitively, and falls back to English', () => {
    expect(t('zh-cn', 'login.wrong')).toBe('账号或密码错误');
    expect(t('zh-CN', 'login.wrong')).toBe('账号或密码错误');
    const traditional = readCatalogue('zh-TW')?.['login.wrong'];
    expect(traditional).toBeDefined();
    expect(t('zh-tw', 'login.wrong')).toBe(traditional);
    expect(t('ar', 'login.wrong')).toBe(readCatalogue('ar')?.['login.wrong']);
    expect(t('ar', 'login.wrong')).not.toBe('Wrong account or password');
    expect(t('xx', 'login.wrong')).toBe('Wrong account or password');
    expect(t('', 'login.wrong')).toBe('Wrong account or password');
  });

  it('fills placeholders, in any language, and leaves unknown ones visible', () => {
    expect(t('en', 'ems.wait', { seconds: 42 })).toBe('Please wait 42 s before requesting another code');
    expect(t('en', 'ems.wait')).toContain('{seconds}');
    const arabic = t('ar', 'ems.wait', { seconds: 42 });
    expect(arabic).toContain('42');
    expect(arabic).not.toContain('{seconds}');
  });

  it('findLanguage matches file_name case-insensitively and returns the canonical code', () => {
    expect(findLanguage('zh-tw')?.file_name).toBe('zh-TW');
    expect(findLanguage('EN')?.file_name).toBe('en');
    expect(findLanguage('english')).toBeNull();
    expect(new Set(LANGUAGES.map((l) => l.file_name.toLowerCase())).size).toBe(LANGUAGES.length);
  });
});
