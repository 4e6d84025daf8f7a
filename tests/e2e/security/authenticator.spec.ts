import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpOf, TOTP_PERIOD_S } from '../../../server/src/domain/security/totp.ts';
import { serverNow } from '../support/account-records.ts';
import { startStack, type Stack } from '../support/stack.ts';
import {
  advanceServerClock,
  logOutViaUi,
  loginScreenByLogo,
  registerByPhoneApi,
  signedInPage,
  submitLogin,
  toast,
  unique,
  visible,
  UI_TIMEOUT_MS,
} from '../support/app-helpers.ts';

const PASSWORD = 'secret12';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** The code an authenticator app holding `secret` shows at the server's time. */
const codeNow = async (secret: string): Promise<string> =>
  totpOf(secret).generate({ timestamp: await serverNow(stack) });

describe('authenticator codes', () => {
  it('turns on from the screen, then a login asks the password and a code and lands signed in', async () => {
    const phone = `137${unique().replace(/\D/g, '').slice(-8).padStart(8, '0')}`;
    await registerByPhoneApi(stack.baseUrl, phone, PASSWORD);
    const { page, context } = await signedInPage(stack, phone, PASSWORD, '/security');

    // The security centre's row says off and leads to the screen.
    const row = page.getByRole('link', { name: /Authenticator app/ });
    await visible(row.getByTestId('totp-status').filter({ hasText: 'Off' }));
    await row.click();
    await page.waitForURL(`${stack.baseUrl}/security/authenticator`, { timeout: UI_TIMEOUT_MS });
    await visible(page.getByText('Authenticator codes are off'));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();

    // The QR code and the key as text (in groups of four): the test reads the key as a person would type it into an app.
    await visible(page.getByRole('img', { name: 'QR code that adds this account to an authenticator app' }));
    const shown = (await (await visible(page.getByTestId('totp-secret'))).textContent())!;
    expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = shown.replace(/ /g, '');
    await page.getByTestId('one-time-code').fill(await codeNow(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();

    // The recovery codes, this once, with the warning to save them.
    await visible(page.getByTestId('recovery-warning').filter({ hasText: 'shown only this once' }));
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await page.getByRole('button', { name: 'Done, I have saved them' }).click();
    await visible(page.getByText('Authenticator codes are on'));
    await visible(page.getByTestId('totp-recovery-left').filter({ hasText: 'Recovery codes left: 10' }));

    // Log out, then log in: the password, then a code of the next 30 s step (the last one is spent).
    await page.goto(`${stack.baseUrl}/`);
    await logOutViaUi(page);
    await advanceServerClock(stack.baseUrl, TOTP_PERIOD_S * 1000);

    await loginScreenByLogo(page, stack.baseUrl);
    await submitLogin(page, phone, PASSWORD);
    const step = await visible(page.getByTestId('login-second-step'));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    const right = await codeNow(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    await step.getByTestId('one-time-code').fill(wrong);
    await step.getByRole('button', { name: 'Log in', exact: true }).click();
    await toast(page, 'The authenticator code is wrong (4 attempts left)');

    await step.getByTestId('one-time-code').fill(right);
    await step.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${stack.baseUrl}/`, { timeout: UI_TIMEOUT_MS });
    await visible(page.getByRole('button', { name: 'Open member center' }));
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await context.close();
  });
});
