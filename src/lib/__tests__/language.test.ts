import { describe, expect, it } from 'vitest';
import { applyDocumentLanguage, canonicalLanguage, isRtl, LANGUAGES, resolveLanguage } from '../language.ts';

describe('resolveLanguage (stored value, else zh-cn for a zh browser, else en)', () => {
  it('keeps a stored language whatever the browser says', () => {
    expect(resolveLanguage('de', 'zh-CN')).toBe('de');
    expect(resolveLanguage('ar', 'en-US')).toBe('ar');
  });

  it('matches a stored code case-insensitively to its file name', () => {
    expect(resolveLanguage('ZH-CN', 'en')).toBe('zh-cn');
    expect(resolveLanguage('zh-tw', 'en')).toBe('zh-TW');
  });

  it('ignores a stored value that is not one of the 26 languages', () => {
    expect(resolveLanguage('xx', 'en-GB')).toBe('en');
    expect(resolveLanguage('klingon', 'zh-HK')).toBe('zh-cn');
  });

  it('without a stored value picks zh-cn for any browser language containing zh', () => {
    expect(resolveLanguage(null, 'zh-CN')).toBe('zh-cn');
    expect(resolveLanguage(null, 'zh-TW')).toBe('zh-cn');
    expect(resolveLanguage(null, 'zh')).toBe('zh-cn');
  });

  it('otherwise falls back to English', () => {
    expect(resolveLanguage(null, 'fr-FR')).toBe('en');
    expect(resolveLanguage(null, undefined)).toBe('en');
    expect(resolveLanguage('', '')).toBe('en');
  });
});

describe('languages and direction', () => {
  it('knows exactly the 26 file names of docs/product-rules.md#languages-and-themes', () => {
    expect(LANGUAGES.map((l) => l.code).sort()).toEqual(
      [
        'ar',
        'bn',
        'cr',
        'de',
        'el',
        'en',
        'es',
        'fa',
        'fr',
        'hi',
        'id',
        'it',
        'ja',
        'ko',
        'la',
        'ms',
        'pt',
        'rm',
        'ru',
        'sv',
        'th',
        'tr',
        'ur',
        'vi',
        'zh-TW',
        'zh-cn',
      ].sort(),
    );
    expect(canonicalLanguage('nope')).toBeNull();
  });

  it('renders ar, fa and ur right-to-left and the rest left-to-right', () => {
    expect(['ar', 'fa', 'ur'].every(isRtl)).toBe(true);
    expect(
      LANGUAGES.filter((l) => isRtl(l.code))
        .map((l) => l.code)
        .sort(),
    ).toEqual(['ar', 'fa', 'ur']);
  });

  it('sets lang and dir on the root element', () => {
    const root = document.createElement('html');
    applyDocumentLanguage('fa', root);
    expect(root.dir).toBe('rtl');
    expect(root.lang).toBe('fa');
    applyDocumentLanguage('zh-cn', root);
    expect(root.dir).toBe('ltr');
    expect(root.lang).toBe('zh-CN');
  });

  it('gives <html lang> a valid BCP 47 tag for the spec flags that are not one', () => {
    const root = document.createElement('html');
    const tags = ['cr', 'la', 'rm'].map((code) => (applyDocumentLanguage(code, root), root.lang));
    expect(tags).toEqual(['hr', 'lo', 'ro']);
    for (const { code } of LANGUAGES) {
      applyDocumentLanguage(code, root);
      expect(() => new Intl.Locale(root.lang), code).not.toThrow();
    }
  });
});
