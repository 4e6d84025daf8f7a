import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { initI18n, loadAllStrings } from '../i18n.ts';

// A fresh i18next for i18n.ts: the test set-up's instance already holds all of English (src/test-setup.ts).
vi.mock('i18next', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof i18next }>();
  return { ...actual, default: actual.default.createInstance() };
});

/** How many times the whole of English (the lazy locale chunk) was asked for. */
const asked = vi.hoisted(() => ({ english: 0 }));
vi.mock('../../../locales/en.json', async (importOriginal) => {
  asked.english += 1;
  return importOriginal();
});

/** A string outside the first screen's groups (first-screen-groups.ts): only the whole of English has it. */
const LATER_KEY = 'options.picker.title';

describe('i18n start', () => {
  it('starts in English on the first screen’s strings alone, and takes all of English on a switch back to it', async () => {
    await initI18n('en');
    await vi.dynamicImportSettled();
    // The first screen renders from the strings in the first download; the rest waits for a piece that needs it.
    expect(i18next.t('home.welcome.subtitle')).not.toBe('home.welcome.subtitle');
    expect(i18next.exists(LATER_KEY)).toBe(false);
    expect(asked.english).toBe(0);

    await i18next.changeLanguage('zh-CN');
    await i18next.changeLanguage('en');
    // The switch asked for it; this waits for that same load rather than starting another.
    await loadAllStrings();
    expect(asked.english).toBe(1);
    expect(i18next.exists(LATER_KEY)).toBe(true);
  });
});
