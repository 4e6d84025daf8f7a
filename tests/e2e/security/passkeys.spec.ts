import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVirtualAuthenticator, byName } from '../support/passkey-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';
import {
  loginViaUi,
  logOutViaUi,
  loginScreenByLogo,
  openMemberPanel,
  registerByPhoneApi,
  toast,
  unique,
  visible,
  UI_TIMEOUT_MS,
} from '../support/app-helpers.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

const appUrl = () => byName(stack.baseUrl);

describe('passkeys', () => {
  it('adds a passkey on the passkeys screen, then signs in with it and no password', async () => {
    const phone = `135${unique().replace(/\D/g, '').slice(0, 8).padEnd(8, '3')}`;
    await registerByPhoneApi(stack.baseUrl, phone, 'pass1234');
    const { page, context } = await stack.newPage();
    await addVirtualAuthenticator(context, page);
    const base = appUrl();
    await loginViaUi(page, base, phone, 'pass1234');

    await page.goto(`${base}/security`);
    const row = await visible(page.getByRole('link', { name: /Passkeys/ }));
    await visible(page.getByTestId('passkey-count').filter({ hasText: 'Not set' }));
    await row.click();
    await page.waitForURL(`${base}/security/passkeys`, { timeout: UI_TIMEOUT_MS });
    await visible(page.getByTestId('passkeys-empty'));

    await page.getByTestId('passkey-add').click();
    const dialog = await visible(page.getByTestId('passkey-add-dialog'));
    await dialog.getByLabel('Name').fill('Test phone');
    await dialog.getByTestId('passkey-add-continue').click();
    await toast(page, 'Passkey added');
    const item = await visible(page.getByTestId('passkey-item').filter({ hasText: 'Test phone' }));
    expect(await item.getByTestId('passkey-last-used').textContent()).toBe('Never');

    await page.goto(`${base}/`);
    await logOutViaUi(page);
    await loginScreenByLogo(page, base);
    await visible(page.getByLabel('Password', { exact: true }));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${base}/`, { timeout: UI_TIMEOUT_MS });
    const signedIn = await openMemberPanel(page);
    await visible(signedIn.getByTestId('panel-username').filter({ hasText: phone }));

    // The passkey now shows when it was last used.
    await page.goto(`${base}/security/passkeys`);
    const used = await visible(page.getByTestId('passkey-item').filter({ hasText: 'Test phone' }));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="passkey-last-used"]')?.textContent !== 'Never',
      null,
      { timeout: UI_TIMEOUT_MS },
    );
    expect(await used.getByTestId('passkey-last-used').textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await context.close();
  });
});
