/**
 * The client session shared by every feature: token, language and theme. Lives in lib (not a
 * feature store) because every feature reads it and features may not import each other.
 */

import { proxy } from 'valtio';
import i18next from 'i18next';
import {
  clearToken,
  loadLanguage,
  loadTheme,
  loadToken,
  saveLanguage,
  saveTheme,
  saveToken,
  type Theme,
} from './client-storage.ts';
import { applyDocumentLanguage, canonicalLanguage, resolveLanguage } from './language.ts';
import { applyTheme, resolveTheme } from './theme.ts';

export interface SessionState {
  token: string | null;
  lang: string;
  theme: Theme;
}

export const session = proxy<SessionState>({ token: null, lang: 'en', theme: 'day' });

/** Reads the stored values into the session and applies language direction and theme to <html>. */
export function initSession(browserLanguage: string | undefined = navigator.language): void {
  session.token = loadToken();
  session.lang = resolveLanguage(loadLanguage(), browserLanguage);
  session.theme = resolveTheme(loadTheme(), undefined);
  applyDocumentLanguage(session.lang);
  applyTheme(session.theme);
}

/** Stores a fresh token (login, register). */
export function signIn(token: string): void {
  saveToken(token);
  session.token = token;
}

/** Forgets the token (logout, 401, password change). */
export function signOut(): void {
  clearToken();
  session.token = null;
}

let loadStrings: (lang: string) => Promise<void> = () => Promise.resolve();

/**
 * How the app loads every string of a language before switching to it (app/i18n.ts): a switch then
 * renders the screen once, whole, in the new language.
 */
export function loadStringsWith(loader: (lang: string) => Promise<void>): void {
  loadStrings = loader;
}

/** Switches the UI language, remembers it and flips the page direction for ar, fa and ur. */
export async function setLanguage(code: string): Promise<void> {
  const lang = canonicalLanguage(code);
  if (!lang) return;
  await loadStrings(lang);
  await i18next.changeLanguage(lang);
  session.lang = lang;
  saveLanguage(lang);
  applyDocumentLanguage(lang);
}

/** Switches and saves the theme (the member panel's night-mode switch). */
export function setTheme(theme: Theme): void {
  session.theme = theme;
  saveTheme(theme);
  applyTheme(theme);
}

/**
 * Once the site settings arrive: without a saved preference the server's theme_switch decides, and
 * the result is then saved locally (docs/product-rules.md#languages-and-themes).
 */
export function adoptServerTheme(themeSwitch: number | undefined): void {
  if (loadTheme()) return;
  setTheme(resolveTheme(null, themeSwitch));
}
