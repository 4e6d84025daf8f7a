import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
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
  it('starts in English on the first screen’s strings alone; the rest arriving re-renders nothing mounted', async () => {
    await initI18n('en');
    await vi.dynamicImportSettled();
    // The first screen renders from the strings in the first download; the rest waits for a piece that needs it.
    expect(i18next.t('home.welcome.subtitle')).not.toBe('home.welcome.subtitle');
    expect(i18next.exists(LATER_KEY)).toBe(false);
    expect(asked.english).toBe(0);

    let renders = 0;
    function Welcome() {
      const { t } = useTranslation();
      renders += 1;
      return <p>{t('home.welcome.subtitle')}</p>;
    }
    render(<Welcome />);
    const shown = screen.getByText(i18next.t('home.welcome.subtitle')).textContent;
    expect(renders).toBe(1);

    await act(() => loadAllStrings());
    expect(asked.english).toBe(1);
    expect(i18next.exists(LATER_KEY)).toBe(true);
    // What was mounted showed first-screen strings, which the rest does not change: no render for it.
    expect(renders).toBe(1);
    expect(screen.getByText(shown ?? '').textContent).toBe(shown);
  });
});
