import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.ts';
import {
  currentTheme,
  loginViaUi,
  logOutViaUi,
  loginScreenByLogo,
  openMemberPanel,
  registerByPhoneApi,
  submitLogin,
  toast,
  unique,
  visible,
  waitForTheme,
  UI_TIMEOUT_MS,
} from '../support/app-helpers.ts';
import { DEMO_ACCOUNT, XSS_MARKER } from '../../../server/src/db/seed.ts';

let stack: Stack;

beforeAll(async () => {
  // A server of its own: the notice test starts from the demo's seeded newest notice and marks it read,
  // which on the shared server would take the banner from the files after it that wait for one.
  stack = await startStack({}, { fresh: true });
});

afterAll(async () => {
  await stack?.stop();
});

describe('route guard', () => {
  it('sends a visitor without a token from protected routes to /login', async () => {
    const { page, context } = await stack.newPage();
    for (const path of ['/security', '/notify', '/assets']) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.waitForURL(`${stack.baseUrl}/login`, { timeout: UI_TIMEOUT_MS });
      await visible(page.getByLabel('Account', { exact: true }));
    }
    await context.close();
  });

  it('clears an expired token, shows the message and goes to /login when the server answers 401', async () => {
    const { page, context } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/login`);
    await page.evaluate(() => window.localStorage.setItem('token', 'no-such-session'));
    await page.goto(`${stack.baseUrl}/security`);
    await page.waitForURL(`${stack.baseUrl}/login`, { timeout: UI_TIMEOUT_MS });
    await visible(page.getByTestId('toast').filter({ hasText: /log in/i }));
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('sends a signed-in visitor from /login and /register home, and opens a member screen by its name', async () => {
    const { page, context } = await stack.newPage();
    await loginViaUi(page, stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    for (const path of ['/login', '/register']) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.waitForURL(`${stack.baseUrl}/`, { timeout: UI_TIMEOUT_MS });
    }
    await page.goto(`${stack.baseUrl}/recharge`);
    await visible(page.getByRole('button', { name: 'Back' }));
    expect(await page.title()).toBe('TradeDesk - Deposit');
    await context.close();
  });
});

describe('signed-in shell', () => {
  it('logs in, shows home, toggles night mode and switches to Chinese and back', async () => {
    const { page, context } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/login`);
    await submitLogin(page, DEMO_ACCOUNT.username, 'wrong-password');
    await toast(page, 'Wrong account or password');
    expect(new URL(page.url()).pathname).toBe('/login');

    await loginViaUi(page, stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    await visible(page.getByRole('heading', { name: 'Welcome to TradeDesk' }));
    await visible(page.getByRole('navigation', { name: 'Main sections' }));
    expect(await page.title()).toBe('TradeDesk - Home');

    // The demo site config has theme_switch 1: night until the user chooses.
    await waitForTheme(page, 'night');
    const panel = await openMemberPanel(page);
    await visible(panel.getByTestId('panel-username').filter({ hasText: DEMO_ACCOUNT.username }));
    const night = panel.getByRole('switch', { name: 'Night mode' });
    expect(await night.getAttribute('aria-checked')).toBe('true');
    await night.click();
    await waitForTheme(page, 'day');
    expect(await night.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    await page.getByTestId('member-panel').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Welcome to TradeDesk' }));
    expect(await currentTheme(page)).toBe('day');

    await page.getByTestId('language-button').click();
    await (await visible(page.getByTestId('language-zh-cn'))).click();
    await visible(page.getByRole('heading', { name: '欢迎来到TradeDesk' }));
    await visible(page.getByTestId('tab-home').filter({ hasText: '首页' }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.waitForFunction(() => document.title === 'TradeDesk - 首页', null, { timeout: UI_TIMEOUT_MS });

    await page.getByTestId('language-button').click();
    await (await visible(page.getByTestId('language-ar'))).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl', null, { timeout: UI_TIMEOUT_MS });

    await page.getByTestId('language-button').click();
    await (await visible(page.getByTestId('language-en'))).click();
    await visible(page.getByRole('heading', { name: 'Welcome to TradeDesk' }));
    await visible(page.getByTestId('tab-home').filter({ hasText: 'Home' }));
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'en',
      'ltr',
    ]);
    await context.close();
  });

  it('shows the newest notice in the banner and in the list, sanitized, and marks it read', async () => {
    const { page, context } = await stack.newPage();
    await loginViaUi(page, stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);

    // The seeded newest notice carries a <script> and an onerror handler that set XSS_MARKER.
    const banner = await visible(page.getByTestId('notice-banner'));
    await visible(banner.getByText('Security reminder'));
    await visible(banner.getByText('Never share your password', { exact: false }));
    await banner.getByRole('button', { name: 'View all messages' }).click();
    await page.waitForURL(`${stack.baseUrl}/notify`, { timeout: UI_TIMEOUT_MS });

    const row = await visible(page.getByTestId('notice-row').filter({ hasText: 'Security reminder' }));
    expect(await row.getAttribute('data-read')).toBe('false');
    await row.click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Security reminder' }));
    await visible(dialog.getByText('Never share your password', { exact: false }));
    const html = await dialog.getByTestId('notice-content').innerHTML();
    expect(html).not.toMatch(/<script|onerror/i);
    expect(
      await page.evaluate((marker) => (window as unknown as Record<string, unknown>)[marker], XSS_MARKER),
    ).toBeUndefined();

    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    expect(await row.getAttribute('data-read')).toBe('true');
    expect(await page.getByTestId('notice-banner').count()).toBe(0);
    await page.reload();
    const again = await visible(page.getByTestId('notice-row').filter({ hasText: 'Security reminder' }));
    expect(await again.getAttribute('data-read')).toBe('true');
    expect(
      await page.evaluate((marker) => (window as unknown as Record<string, unknown>)[marker], XSS_MARKER),
    ).toBeUndefined();
    await context.close();
  });

  it('logs out and remembers the credentials when asked', async () => {
    const { page, context } = await stack.newPage();
    await loginViaUi(page, stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password, true);
    await logOutViaUi(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    expect((await context.cookies()).some((c) => c.name === 'token')).toBe(false);

    // The logo now leads to login.
    await loginScreenByLogo(page, stack.baseUrl);
    expect(await (await visible(page.getByLabel('Account', { exact: true }))).inputValue()).toBe(DEMO_ACCOUNT.username);
    expect(await page.getByLabel('Remember me').isChecked()).toBe(true);

    await page.goto(`${stack.baseUrl}/security`);
    await page.waitForURL(`${stack.baseUrl}/login`, { timeout: UI_TIMEOUT_MS });
    await context.close();
  });
});

describe('passwords', () => {
  it('changes the login password, ends on /login and logs in with the new one only', async () => {
    const phone = `136${unique().replace(/\D/g, '').slice(0, 8).padEnd(8, '7')}`;
    await registerByPhoneApi(stack.baseUrl, phone, 'first123');
    const { page, context } = await stack.newPage();
    await loginViaUi(page, stack.baseUrl, phone, 'first123');

    await openMemberPanel(page);
    await page.getByTestId('panel-security').click();
    await page.waitForURL(`${stack.baseUrl}/security`, { timeout: UI_TIMEOUT_MS });
    await visible(page.getByTestId('pay-password-status').filter({ hasText: 'Not set' }));

    await page.getByRole('link', { name: /Transaction password/ }).click();
    await page.getByLabel('Login password', { exact: true }).fill('first123');
    await page.getByLabel('New transaction password').fill('pay123');
    await page.getByLabel('Confirm transaction password').fill('pay123');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${stack.baseUrl}/security`, { timeout: UI_TIMEOUT_MS });
    await visible(page.getByTestId('pay-password-status').filter({ hasText: 'Set' }));

    await page.getByRole('link', { name: /Login password/ }).click();
    await page.waitForURL(`${stack.baseUrl}/modifyPwd`, { timeout: UI_TIMEOUT_MS });
    await page.getByLabel('Current password').fill('first123');
    await page.getByLabel('New password', { exact: true }).fill('second456');
    await page.getByLabel('Confirm new password').fill('second457');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await visible(page.getByText('The two passwords are not the same'));
    await page.getByLabel('Confirm new password').fill('second456');
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(`${stack.baseUrl}/login`, { timeout: UI_TIMEOUT_MS });
    await toast(page, 'Password changed');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await submitLogin(page, phone, 'first123');
    await toast(page, 'Wrong account or password');
    await loginViaUi(page, stack.baseUrl, phone, 'second456');
    await context.close();
  });
});
