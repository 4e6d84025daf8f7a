import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/session.ts';
import { initI18n } from '../i18n.ts';

// A fresh i18next for i18n.ts: the test set-up's instance already holds all of English (src/test-setup.ts).
vi.mock('i18next', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof i18next }>();
  return { ...actual, default: actual.default.createInstance() };
});

// The whole of English cannot be had (offline, nothing cached).
vi.mock('../../../locales/en.json', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a switch to English while its strings cannot load', () => {
  it('still switches, on the first screen’s English', async () => {
    await initI18n('zh-cn');
    await expect(setLanguage('en')).resolves.toBeUndefined();
    expect(i18next.language).toBe('en');
    expect(i18next.t('home.welcome.subtitle')).not.toBe('home.welcome.subtitle');
  });
});
