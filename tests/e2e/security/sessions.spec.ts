import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginViaUi, registerByPhoneApi, toast, unique, visible, UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('signed-in devices', () => {
  it("ends the first browser's session from a second one: the first lands on the login screen saying so", async () => {
    const phone = `139${unique().replace(/\D/g, '').slice(-8).padStart(8, '0')}`;
    const password = 'secret12';
    // Registered by a script: its session reads as an unknown device, the browsers' as the phone.
    await registerByPhoneApi(stack.baseUrl, phone, password);
    const first = await stack.newPage();
    const second = await stack.newPage();
    try {
      await loginViaUi(first.page, stack.baseUrl, phone, password);
      await loginViaUi(second.page, stack.baseUrl, phone, password);

      const page = second.page;
      await page.goto(`${stack.baseUrl}/security`);
      await (await visible(page.getByTestId('security-sessions'))).click();
      await page.waitForURL(`${stack.baseUrl}/security/sessions`, { timeout: UI_TIMEOUT_MS });
      const sessions = page.getByTestId('session');
      await visible(page.getByTestId('session-current'));
      expect(await sessions.count()).toBe(3);
      expect(await page.locator('[data-testid="session"][data-current="1"]').textContent()).toContain('This device');

      const firstBrowser = page.locator('[data-testid="session"][data-current="0"]').filter({ hasText: 'Pixel 5' });
      expect(await firstBrowser.count()).toBe(1);
      await firstBrowser.getByTestId('session-revoke').click();
      await (await visible(page.getByTestId('session-end-confirm'))).click();
      await toast(page, 'Session ended');
      await page.locator('[data-testid="session"]').nth(2).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // The first browser's next call is refused: it lands on the login screen with the reason.
      await first.page.goto(`${stack.baseUrl}/security`);
      await first.page.waitForURL(`${stack.baseUrl}/login`, { timeout: UI_TIMEOUT_MS });
      await toast(first.page, 'This session was ended from your account, please log in again');
      expect(await first.page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

      // The second browser is still signed in, and its history shows a failed attempt marked as such.
      const body = new URLSearchParams({ username: phone, password: 'wrong99', ip: '' });
      await fetch(`${stack.baseUrl}/api/Login/login`, { method: 'POST', body });
      await page.goto(`${stack.baseUrl}/security/sign-ins`);
      const failed = await visible(page.locator('[data-testid="sign-in"][data-ok="0"]').first());
      expect(await failed.textContent()).toContain('Failed: wrong password');
      expect(await page.locator('[data-testid="sign-in"][data-ok="1"]').count()).toBeGreaterThanOrEqual(3);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
