import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { narrowScreenFaults, screenPage } from '../support/screen-checks.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { latestEmailCode, openMemberPanel, toast, unique, visible, UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import { DEMO_INVITE_CODE } from '../../../server/src/db/seed.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('register', () => {
  it('by email with the mailed code and the invite code from ?invite=, ending signed in on home', async () => {
    const { page, context } = await stack.newPage();
    const email = `amy${unique()}@example.com`;
    await page.goto(`${stack.baseUrl}/register?invite=${DEMO_INVITE_CODE}`);

    const invite = await visible(page.getByLabel('Invitation code (optional)'));
    expect(await invite.inputValue()).toBe(DEMO_INVITE_CODE);

    // Client-side rules of docs/product-rules.md#register, with the spec's messages, before anything is sent.
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abd');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }));
    await visible(page.getByText('Password must be 6-20 letters or numbers'));
    await visible(page.getByText('The two passwords are not the same'));

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    const send = page.getByTestId('send-code');
    await send.click();
    await toast(page, 'Verification code sent');
    await page.waitForFunction(
      () => /Resend in \d+ s/.test(document.querySelector('[data-testid="send-code"]')?.textContent ?? ''),
      null,
      {
        timeout: UI_TIMEOUT_MS,
      },
    );
    expect(await send.isDisabled()).toBe(true);

    const code = await latestEmailCode(stack.baseUrl, email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel('Password', { exact: true }).fill('abc123');
    await page.getByLabel('Confirm password').fill('abc123');
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await page.waitForURL(`${stack.baseUrl}/`, { timeout: UI_TIMEOUT_MS });
    const panel = await openMemberPanel(page);
    await visible(panel.getByTestId('panel-username').filter({ hasText: email }));
    await context.close();
  });

  it('by phone on the phone tab', async () => {
    const { page, context } = await stack.newPage();
    const phone = `139${String(Date.now()).slice(-8)}`;
    await page.goto(`${stack.baseUrl}/register`);
    await (await visible(page.getByRole('tab', { name: 'Phone' }))).click();
    await page.getByLabel('Phone number').fill(phone);
    expect(await page.getByLabel('Verification code').count()).toBe(0);
    await page.getByLabel('Password', { exact: true }).fill('phone123');
    await page.getByLabel('Confirm password').fill('phone123');
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await page.waitForURL(`${stack.baseUrl}/`, { timeout: UI_TIMEOUT_MS });
    const panel = await openMemberPanel(page);
    await visible(panel.getByTestId('panel-username').filter({ hasText: phone }));
    await context.close();
  });

  it('refuses a duplicate account with the server message and stays on the form', async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    const registerByPhone = async (page: Page): Promise<void> => {
      await page.goto(`${stack.baseUrl}/register`);
      await (await visible(page.getByRole('tab', { name: 'Phone' }))).click();
      await page.getByLabel('Phone number').fill(phone);
      await page.getByLabel('Password', { exact: true }).fill('phone123');
      await page.getByLabel('Confirm password').fill('phone123');
      await page.getByRole('button', { name: 'Register', exact: true }).click();
    };
    // The first visitor takes the number (registration reloads the page signed in) …
    const first = await stack.newPage();
    await registerByPhone(first.page);
    await first.page.waitForURL(`${stack.baseUrl}/`, { timeout: UI_TIMEOUT_MS });
    await visible(first.page.getByRole('button', { name: 'Open member center' }));
    await first.context.close();
    // … so a second, signed-out visitor is refused and keeps the form.
    const { page, context } = await stack.newPage();
    await registerByPhone(page);
    await toast(page, 'This phone number is already registered');
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  it('fits the email form on a 320 px phone in en, zh-cn and ar: no field or hint cut, nothing broken, no sideways scroll', async () => {
    const faults: Record<string, unknown> = {};
    for (const lang of ['en', 'zh-cn', 'ar']) {
      const { page, context } = await screenPage(stack, { lang, width: 320 });
      await page.goto(`${stack.baseUrl}/register`);
      await visible(page.locator('input[name="code"]'));
      // Before, the English code field's hint ended mid-word beside Send code ("Enter the code fror").
      const found = await narrowScreenFaults(page, { placeholders: true });
      if (found.sideways > 0 || found.cutFields.length || found.brokenNumbers.length || found.brokenValues.length)
        faults[lang] = found;
      await context.close();
    }
    expect(faults).toEqual({});
  });
});
