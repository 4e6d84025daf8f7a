import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_PERIOD_S, TotpFactors, totpOf } from '../../../server/src/domain/security/totp.ts';
import { apiToken, registerByPhoneApi, toast, visible, UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import { balanceOf, PAY_PASSWORD, readyToWithdraw, serverNow, TRON, userIdOf } from '../support/account-records.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { dismissNoticeBanner } from '../support/trading-helpers.ts';

const PASSWORD = 'secret12';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** The available and frozen USDT of the main account, from the API. */
const usdtOf = (token: string) => balanceOf(stack, token, 'usdt');

describe('a withdrawal approved with an authenticator code in the confirm sheet', () => {
  it('a wrong code is refused in the sheet and nothing moves; the right code sends it and it shows in the records', async () => {
    // A new account with USDT, a bound address and a transaction password, then authenticator codes
    // on (set up with the server's own factor code, the codes computed from the secret).
    const phone = `137${String(Date.now()).slice(-8)}`;
    await registerByPhoneApi(stack.baseUrl, phone, PASSWORD);
    const userId = userIdOf(stack, phone);
    // Set up before the page opens: binding the address sends a security notice, which must be the
    // newest when the banner shows.
    const token = await apiToken(stack.baseUrl, phone, PASSWORD);
    await readyToWithdraw(stack, token, phone, PASSWORD);
    let now = await serverNow(stack);
    const factors = new TotpFactors(stack.db, () => now);
    const secret = factors.begin(userId);
    expect(factors.enable(userId, totpOf(secret).generate({ timestamp: now - TOTP_PERIOD_S * 1000 })).outcome).toEqual({
      ok: true,
    });
    // Signed in with the session of the set-up: a login now would ask for the code.
    const { page, context } = await stack.newPage({ token });
    await page.goto(stack.baseUrl);
    await dismissNoticeBanner(page);

    await page.goto(`${stack.baseUrl}/withdrawal`);
    await visible(page.getByTestId('withdraw-address').getByText(TRON));
    await page.getByLabel('Withdrawal amount').fill('120');
    await page.getByLabel('Transaction password').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const sheet = await visible(page.getByRole('dialog', { name: 'Confirm the withdrawal' }));
    expect(await sheet.getByTestId('confirm-amount').textContent()).toBe('120.00000000 USDT');
    expect(await sheet.getByTestId('confirm-address').textContent()).toBe(TRON);
    const code = sheet.getByLabel('Authenticator code');
    await visible(code);

    now = await serverNow(stack);
    const right = totpOf(secret).generate({ timestamp: now });
    await code.fill(right === '000000' ? '111111' : '000000');
    await sheet.getByTestId('withdraw-confirm-confirm').click();
    await visible(sheet.getByText('The authenticator code is wrong (4 attempts left)'));
    expect(await usdtOf(token)).toMatchObject({ balance: '500.00000000', dbalance: '0.00000000' });
    expect(stack.db.prepare('SELECT count(*) FROM withdrawals WHERE user_id = ?').pluck().get(userId)).toBe(0);

    now = await serverNow(stack);
    await code.fill(totpOf(secret).generate({ timestamp: now }));
    await sheet.getByTestId('withdraw-confirm-confirm').click();
    await toast(page, 'Withdrawal submitted, waiting for review');
    await page.waitForURL(/\/trade-account\?.*tab=withdraw/, { timeout: UI_TIMEOUT_MS });
    const row = await visible(page.getByTestId('withdraw-row').first());
    expect(await row.textContent()).toContain('120.00000000');
    expect(await row.textContent()).toContain(`TRC20 ${TRON}`);
    await context.close();
  });
});
