import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import { setLanguage } from '../../lib/session.ts';
import { initI18n } from '../i18n.ts';

// A fresh i18next for i18n.ts: the test set-up's instance already holds all of English (src/test-setup.ts).
vi.mock('i18next', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof i18next }>();
  return { ...actual, default: actual.default.createInstance() };
});

describe('a switch to English', () => {
  it('shows all of English the moment it switches, not the first screen’s strings and the rest later', async () => {
    await initI18n('zh-cn');
    expect(i18next.t('options.picker.title')).toBe(i18next.getResource('zh-CN', 'translation', 'options.picker.title'));

    await setLanguage('en');
    expect(i18next.language).toBe('en');
    // A string outside the first screen's groups (first-screen-groups.ts) is there as the switch lands.
    expect(i18next.t('options.picker.title')).toBe(en.options.picker.title);
    expect(i18next.t('home.welcome.subtitle')).toBe(en.home.welcome.subtitle);
  });
});
