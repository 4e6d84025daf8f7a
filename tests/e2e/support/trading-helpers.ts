import type { Page } from 'playwright-core';
import { UI_TIMEOUT_MS } from './app-helpers.ts';

/** The signed-in page's token, for reading the server's records straight from the API. */
export function pageToken(page: Page): Promise<string> {
  return page.evaluate(() => window.localStorage.getItem('token') ?? '');
}

/** Calls a POST endpoint of the API with the page's token and returns `data`; throws on a refusal. */
export async function apiData<T>(
  baseUrl: string,
  token: string,
  path: string,
  params: Record<string, string | number> = {},
): Promise<T> {
  const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    body,
    headers: { Token: token, Lang: 'en' },
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 1) throw new Error(`${path} refused: ${answer.msg}`);
  return answer.data;
}

/** Waits until `read()` returns a value `accept` agrees with, and returns it (narrowed, when `accept` is a type guard). */
export async function eventually<T, S extends T>(
  read: () => Promise<T>,
  accept: (value: T) => value is S,
  what: string,
  timeoutMs?: number,
): Promise<S>;
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeoutMs?: number,
): Promise<T>;
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeoutMs = UI_TIMEOUT_MS,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await read();
    if (accept(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
}

/** Closes the shell's notice banner if it shows up within `waitMs` (the seeded demo user has an unread notice). */
export async function dismissNoticeBanner(page: Page, waitMs = 5000): Promise<void> {
  const banner = page.getByTestId('notice-banner');
  try {
    await banner.waitFor({ state: 'visible', timeout: waitMs });
  } catch {
    return;
  }
  await banner.getByRole('button', { name: 'Close notice' }).click();
  await banner.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
}
