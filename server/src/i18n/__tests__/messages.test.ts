import { describe, expect, it } from 'vitest';
import { t } from '../index.ts';
import { messagesEn } from '../messages-en.ts';
import { messagesZhCn } from '../messages-zh-cn.ts';
import { findLanguage, LANGUAGES } from '../languages.ts';

describe('server messages', () => {
  it('zh-cn has every English key, each translated to a non-empty text', () => {
    expect(Object.keys(messagesZhCn).sort()).toEqual(Object.keys(messagesEn).sort());
    for (const [key, text] of Object.entries(messagesZhCn)) expect(text.length, key).toBeGreaterThan(0);
  });

  it('keeps the same placeholders in both catalogues', () => {
    const holes = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(messagesEn) as (keyof typeof messagesEn)[]) expect(holes(messagesZhCn[key]), key).toEqual(holes(messagesEn[key]));
  });

  it('picks the catalogue by language, case-insensitively, and falls back to English', () => {
    expect(t('zh-cn', 'login.wrong')).toBe('账号或密码错误');
    expect(t('zh-CN', 'login.wrong')).toBe('账号或密码错误');
    expect(t('ja', 'login.wrong')).toBe('Wrong account or password');
    expect(t('', 'login.wrong')).toBe('Wrong account or password');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('en', 'ems.wait', { seconds: 42 })).toBe('Please wait 42 s before requesting another code');
    expect(t('en', 'ems.wait')).toContain('{seconds}');
  });

  it('findLanguage matches file_name case-insensitively and returns the canonical code', () => {
    expect(findLanguage('zh-tw')?.file_name).toBe('zh-TW');
    expect(findLanguage('EN')?.file_name).toBe('en');
    expect(findLanguage('english')).toBeNull();
    expect(new Set(LANGUAGES.map((l) => l.file_name.toLowerCase())).size).toBe(LANGUAGES.length);
  });
});
