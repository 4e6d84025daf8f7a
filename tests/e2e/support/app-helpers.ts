import type { BrowserContext, Locator, Page } from 'playwright-core';
import { signInContext, type Stack } from './stack.ts';

/** How long UI steps may take on a shared CI machine before a test gives up. */
export const UI_TIMEOUT_MS = 15_000;

let counter = 0;
/** A unique suffix per call, so tests never collide on accounts within one database. */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
}

/** Registers an account straight through the API (set-up for tests that are not about registering). */
export async function registerByPhoneApi(baseUrl: string, phone: string, password: string): Promise<void> {
  const body = new URLSearchParams({ type: '1', phone, password, repassword: password, ip: '' });
  const response = await fetch(`${baseUrl}/api/Login/register`, { method: 'POST', body });
  const answer = (await response.json()) as { code: number; msg: string };
  if (answer.code !== 1) throw new Error(`set-up registration failed: ${answer.msg}`);
}

/** The newest verification code mailed to `email`, read from the test-only outbox route. */
export async function latestEmailCode(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/__test/outbox?to=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as { code: string | null }[];
  const code = messages[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  return code;
}

/** Waits until `locator` is visible. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  return locator.first();
}

/** Waits until a toast with this text is shown. */
export async function toast(page: Page, text: string): Promise<void> {
  await visible(page.getByTestId('toast').filter({ hasText: text }));
}

/** Fills the login form and submits; does not wait for the outcome. */
export async function submitLogin(page: Page, username: string, password: string, remember = false): Promise<void> {
  await visible(page.getByLabel('Account', { exact: true }));
  await page.getByLabel('Account', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Logs in through the UI and waits for the reload onto home with the signed-in header. */
export async function loginViaUi(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
  remember = false,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, username, password, remember);
  await page.waitForURL(`${baseUrl}/`, { timeout: UI_TIMEOUT_MS });
  await visible(page.getByRole('button', { name: 'Open member center' }));
}

/** Opens the member side panel from the home header's logo. */
export async function openMemberPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open member center' }).click();
  return visible(page.getByTestId('member-panel'));
}

/**
 * Logs out from the member panel and waits for the reload onto home that follows: the signed-out
 * header shows before the reload starts, so only the toast shown after it says the page is new
 * (a navigation started earlier would be cut off by the reload).
 */
export async function logOutViaUi(page: Page): Promise<void> {
  const panel = await openMemberPanel(page);
  await panel.getByRole('button', { name: 'Log out' }).click();
  await toast(page, 'You have logged out');
  await visible(page.getByRole('button', { name: /Log in$/ }));
}

/**
 * Signed out, opens the login screen as a user does: by the header's logo, whose name is the site
 * name then "Log in". (A raw navigation right after logging out was once cut off, ERR_ABORTED.)
 */
export async function loginScreenByLogo(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('button', { name: /Log in$/ }).click();
  await page.waitForURL(`${baseUrl}/login`, { timeout: UI_TIMEOUT_MS });
}

/** The value of data-theme on <html>. */
export function currentTheme(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.theme);
}

/** Waits until <html data-theme> has the given value. */
export async function waitForTheme(page: Page, theme: 'day' | 'night'): Promise<void> {
  await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme, {
    timeout: UI_TIMEOUT_MS,
  });
}

/** A session token for `username` from the login call: a signed-in role for tests that are not about logging in. */
export async function apiToken(baseUrl: string, username: string, password: string): Promise<string> {
  const body = new URLSearchParams({ username, password, ip: '' });
  const answer = (await (await fetch(`${baseUrl}/api/Login/login`, { method: 'POST', body })).json()) as {
    msg?: string;
    data?: { userinfo?: { token?: string } };
  };
  const token = answer.data?.userinfo?.token;
  if (!token) throw new Error(`set-up login of ${username} refused: ${answer.msg}`);
  return token;
}

/**
 * Moves the server's clock `ms` forward (the test route of server/src/routes/test/clock.ts): the
 * market prints what became due and the server's jobs run before it answers. Returns the new time.
 */
export async function advanceServerClock(baseUrl: string, ms: number): Promise<number> {
  const response = await fetch(`${baseUrl}/__test/clock?advance_ms=${Math.round(ms)}`, { method: 'POST' });
  if (!response.ok) throw new Error(`the server clock did not move: ${await response.text()}`);
  return ((await response.json()) as { now: number }).now;
}

/**
 * A page signed in as `username` through the stored session a login leaves (the token from the
 * login call in the browser's storage), opened at `at` (home by default, with its signed-in
 * header shown). For tests that are not about logging in; the login screen has its own.
 */
export async function signedInPage(
  stack: Stack,
  username: string,
  password: string,
  at = '/',
): Promise<{ context: BrowserContext; page: Page }> {
  const token = await apiToken(stack.baseUrl, username, password);
  const { context, page } = await stack.newPage({ token });
  await page.goto(`${stack.baseUrl}${at}`);
  if (at === '/') await visible(page.getByRole('button', { name: 'Open member center' }));
  return { context, page };
}

/**
 * Signs `page`'s browser in as `username` the way signedInPage does, for a page a test has already
 * set up (init scripts, permissions), and opens home.
 */
export async function signInAs(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await signInContext(page.context(), baseUrl, await apiToken(baseUrl, username, password));
  await page.goto(`${baseUrl}/`);
  await visible(page.getByRole('button', { name: 'Open member center' }));
}

/** Resolves once the page has drawn `count` more frames: what a render scheduled now has painted by then. */
export async function afterFrames(page: Page, count = 1): Promise<void> {
  await page.evaluate(
    (frames) =>
      new Promise<void>((done) => {
        let left = frames;
        const next = () => (--left <= 0 ? done() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    count,
  );
}

/**
 * Resolves once the page has nothing left to do: no request in flight for a while (Playwright's
 * network idle) and an idle period of the page's own, after whatever the app deferred to idle time.
 */
export async function pageAtRest(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: UI_TIMEOUT_MS });
  await page.evaluate(
    () => new Promise<void>((done) => requestIdleCallback(() => requestAnimationFrame(() => done()))),
  );
}
