import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceServerClock,
  registerByPhoneApi,
  signInAs,
  toast,
  unique,
  visible,
  UI_TIMEOUT_MS,
} from '../support/app-helpers.ts';
import { addVirtualAuthenticator, byName, passkeyButtonReady } from '../support/passkey-helpers.ts';
import { PAY_PASSWORD, readyToWithdraw, TRON, userIdOf } from '../support/account-records.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { pageToken } from '../support/trading-helpers.ts';

const PASSWORD = 'secret12';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('a withdrawal approved with a passkey in the confirm sheet', () => {
  it('"Use passkey" signs this withdrawal\'s approval in the browser; the same signed approval presented for another amount or after 5 minutes is refused; the withdrawal shows in the records; the passkey then approves its own removal', async () => {
    // A new account with USDT, a transaction password and a bound address, set up before it has a
    // factor; then a passkey added on the passkeys screen with the browser's virtual authenticator.
    const phone = `136${unique().replace(/\D/g, '').slice(0, 8).padEnd(8, '6')}`;
    await registerByPhoneApi(stack.baseUrl, phone, PASSWORD);
    const userId = userIdOf(stack, phone);
    const { page, context } = await stack.newPage();
    await addVirtualAuthenticator(context, page);
    const base = byName(stack.baseUrl);
    await signInAs(page, base, phone, PASSWORD);
    const token = await pageToken(page);
    await readyToWithdraw(stack, token, phone, PASSWORD);

    await page.goto(`${base}/security/passkeys`);
    await page.getByTestId('passkey-add').click();
    const dialog = await visible(page.getByTestId('passkey-add-dialog'));
    await dialog.getByLabel('Name').fill('Test phone');
    await dialog.getByTestId('passkey-add-continue').click();
    await toast(page, 'Passkey added');
    await visible(page.getByTestId('passkey-item').filter({ hasText: 'Test phone' }));

    await page.goto(`${base}/withdrawal`);
    await visible(page.getByTestId('withdraw-address').getByText(TRON));
    await page.getByLabel('Withdrawal amount').fill('120');
    await page.getByLabel('Transaction password').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const sheet = await visible(page.getByRole('dialog', { name: 'Confirm the withdrawal' }));
    expect(await sheet.getByTestId('confirm-amount').textContent()).toBe('120.00000000 USDT');
    // A passkey is the account's one factor: the sheet offers it and no code field.
    const usePasskey = await visible(sheet.getByRole('button', { name: 'Use passkey' }));
    expect(await sheet.getByLabel('Authenticator code').count()).toBe(0);
    await passkeyButtonReady(page);
    expect(stack.db.prepare('SELECT count(*) FROM withdrawals WHERE user_id = ?').pluck().get(userId)).toBe(0);

    // The browser's signed approval of this withdrawal is held back once, then presented by the test
    // for another amount and after the approval's 5 minutes: both refused, and nothing moves.
    let held: string | null = null;
    await page.route('**/api/User/withdraw', async (route) => {
      held = route.request().postData();
      await route.abort();
    });
    await usePasskey.click();
    await expect.poll(() => held, { timeout: UI_TIMEOUT_MS }).not.toBeNull();
    await page.unroute('**/api/User/withdraw');
    const replay = async (change: Record<string, string>) => {
      const body = new URLSearchParams(held ?? '');
      expect(body.get('passkey_response')).toBeTruthy();
      for (const [name, value] of Object.entries(change)) body.set(name, value);
      const response = await fetch(`${stack.baseUrl}/api/User/withdraw`, {
        method: 'POST',
        body,
        headers: { Token: token, Lang: 'en' },
      });
      return (await response.json()) as { code: number; msg: string };
    };
    expect(await replay({ num: '300' })).toMatchObject({
      code: 0,
      msg: 'The details changed after you confirmed, please confirm again',
    });
    await advanceServerClock(stack.baseUrl, 5 * 60_000);
    expect(await replay({})).toMatchObject({ code: 0, msg: 'This confirmation has expired, please confirm again' });
    expect(stack.db.prepare('SELECT count(*) FROM withdrawals WHERE user_id = ?').pluck().get(userId)).toBe(0);

    // A new confirm sheet asks a new approval, and the passkey approves this one.
    await sheet.getByRole('button', { name: 'Close' }).first().click();
    await sheet.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const again = await visible(page.getByRole('dialog', { name: 'Confirm the withdrawal' }));
    await passkeyButtonReady(page);
    await again.getByRole('button', { name: 'Use passkey' }).click();
    await toast(page, 'Withdrawal submitted, waiting for review');
    await page.waitForURL(/\/trade-account\?.*tab=withdraw/, { timeout: UI_TIMEOUT_MS });
    const row = await visible(page.getByTestId('withdraw-row').first());
    expect(await row.textContent()).toContain('120.00000000');
    expect(await row.textContent()).toContain(`TRC20 ${TRON}`);
    // An approval of this withdrawal was used by it; the passkey was the proof.
    const used = stack.db.prepare('SELECT operation FROM approvals WHERE user_id = ? AND used_at IS NOT NULL');
    expect(used.pluck().all(userId)).toEqual(['withdraw']);
    expect(
      stack.db.prepare('SELECT last_used_at IS NOT NULL FROM passkeys WHERE user_id = ?').pluck().get(userId),
    ).toBe(1);

    // The same passkey approves its own removal in the remove sheet: the last factor goes.
    await page.goto(`${base}/security/passkeys`);
    await page.getByRole('button', { name: 'Remove Test phone' }).click();
    const removeSheet = await visible(page.getByTestId('passkey-remove-sheet'));
    await passkeyButtonReady(page);
    await removeSheet.getByRole('button', { name: 'Use passkey' }).click();
    await toast(page, 'Passkey removed');
    await visible(page.getByTestId('passkeys-empty'));
    expect(used.pluck().all(userId)).toEqual(['withdraw', 'factor_remove']);
    await context.close();
  });
});
