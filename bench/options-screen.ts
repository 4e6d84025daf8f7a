/**
 * The bench's two pages as measurement targets: the real options screen (the built app, logged in
 * as the server's demo user) and the minimal reference page that renders the same widgets.
 */
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNT } from '../server/src/db/seed.ts';
import { pollUntil, tapWhenShown, type BenchPage } from './open-page.ts';

/** Logs the demo user in over the API (docs/product-rules.md#options) and returns the session token. */
export async function demoToken(baseUrl: string): Promise<string> {
  const body = new URLSearchParams({ username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password, ip: '' });
  const response = await fetch(`${baseUrl}/api/Login/login`, { method: 'POST', body });
  const answer = (await response.json()) as { code: number; msg: string; data?: { userinfo?: { token?: string } } };
  const token = answer.data?.userinfo?.token;
  if (answer.code !== 1 || !token) throw new Error(`demo login refused: ${answer.msg}`);
  return token;
}

/**
 * Stores what the app keeps between visits (src/lib/client-storage.ts keys): the token in local
 * storage and its cookie, English, and the home bulletin dismissed for today. A string, not a
 * function: tsx compiles functions with helpers that do not exist in the page.
 */
export function storedSession(token: string): string {
  return `
    const now = new Date();
    const pad = (n) => String(n).padStart(2, '0');
    localStorage.setItem('token', ${JSON.stringify(token)});
    localStorage.setItem('lang', 'en');
    localStorage.setItem('popup_hidden_on', now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate()));
    document.cookie = 'token=' + encodeURIComponent(${JSON.stringify(token)}) + '; Path=/; SameSite=Lax';
  `;
}

/**
 * The demo user has an unread notice, so the shell shows its banner; a user closes it once. Tapped
 * over the debugging protocol (open-page.ts tapWhenShown): the soak counts from before this step.
 */
export async function closeNoticeBanner(page: Page): Promise<void> {
  const banner = '[data-testid="notice-banner"]';
  if (!(await tapWhenShown(page, `${banner} button[aria-label="Close notice"]`, 5000))) return;
  if (!(await pollUntil(page, `!document.querySelector('${banner}')`, 15_000)))
    throw new Error('the notice banner did not close');
}

/** The options screen's chart view: the chart holds its bars (no spinner) and the day summary shows. */
const OPTIONS_READY = `
  !!document.querySelector('[data-testid="candle-chart"] canvas')
  && !document.querySelector('[data-testid="candle-chart"] [role="status"]')
  && !!document.querySelector('[data-testid="day-close"]')
`;

/** The real options screen at /options, logged in; `engineOnMain` adds the engine debug flag. */
export function optionsScreen(baseUrl: string, token: string, symbol: string, engineOnMain = false): BenchPage {
  const name = `${symbol.replace(/usdt$/, '').toUpperCase()}/USDT`;
  return {
    url: `${baseUrl}/options?currentSymbol=${symbol}&name=${encodeURIComponent(name)}${engineOnMain ? '&engine=main' : ''}`,
    ready: OPTIONS_READY,
    initScripts: [storedSession(token)],
    prepare: closeNoticeBanner,
  };
}

/** The minimal reference page, built into the same static dir. */
export function referencePage(baseUrl: string, symbol: string): BenchPage {
  return {
    url: `${baseUrl}/reference.html?symbol=${symbol}`,
    ready: `(window.__referenceStats?.bars ?? 0) > 0 && document.getElementById('close')?.textContent !== '…'`,
  };
}
