/**
 * Set-up for the `app` test project (jsdom): i18next with the real English strings (so components
 * render their text), and a clean DOM, storage, cookie jar and toast list after every test.
 */
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { toasts } from './lib/toast.ts';

await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

afterEach(() => {
  cleanup();
  // The screens' files share one module graph (vite.config.ts): a toast left by one is not the next one's.
  toasts.items = [];
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});

// A dialog closed by the last cleanup gives the page back in a task after the next frame
// (use-focus-trap.ts): let that run while the test file's document still exists.
afterAll(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
