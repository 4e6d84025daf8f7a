import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';
import { advanceServerClock, apiToken, visible } from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { apiData, eventually } from '../support/trading-helpers.ts';

const HOUR = 3_600_000;
const PAY_PASSWORD = 'trade123';

let stack: Stack;
let token: string;

beforeAll(async () => {
  // A server of its own with the 24 h hold (the shared one runs without it), no automatic approval.
  stack = await startStack({ SECURITY_HOLD_HOURS: '24', REVIEW_AUTO_SECONDS: '0' });
  token = await apiToken(stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
  // The first transaction password holds nothing.
  await apiData(stack.baseUrl, token, '/User/resetPay', {
    logpassword: DEMO_ACCOUNT.password,
    newpassword: PAY_PASSWORD,
  });
});

afterAll(async () => {
  await stack?.stop();
});

describe('security hold and withdrawal allow-list', () => {
  it('after the transaction password is replaced, withdrawal and transfer show the hold counting down, disabled, until it ends', async () => {
    await apiData(stack.baseUrl, token, '/User/resetPay', {
      logpassword: DEMO_ACCOUNT.password,
      newpassword: PAY_PASSWORD,
    });
    const { page, context } = await stack.newPage({ token });
    await page.clock.install();
    await page.goto(`${stack.baseUrl}/withdrawal`);
    const notice = await visible(page.getByTestId('security-hold'));
    expect(await notice.textContent()).toContain('Your transaction password was changed.');
    const left = page.getByTestId('security-hold-left');
    expect(await left.textContent()).toMatch(/^(24:00:00|23:59:\d\d)$/);
    expect(await page.getByLabel('Withdrawal amount').isDisabled()).toBe(true);
    // The countdown follows the page's clock (moved less than the idle sign-out's half hour).
    await page.clock.fastForward(10 * 60_000);
    await eventually(
      () => left.textContent(),
      (text) => /^23:4\d:\d\d$/.test(text ?? ''),
      'the time left ten minutes on',
    );

    await page.goto(`${stack.baseUrl}/transfer`);
    await visible(page.getByTestId('security-hold'));
    expect(await page.getByLabel('Receiving account').isDisabled()).toBe(true);

    // Once the server's hold is over the screen opens (the notice's own end at zero has a unit test).
    await advanceServerClock(stack.baseUrl, 24 * HOUR);
    await page.reload();
    await visible(page.getByLabel('Receiving account'));
    expect(await page.getByTestId('security-hold').count()).toBe(0);
    expect(await page.getByLabel('Receiving account').isDisabled()).toBe(false);
    await context.close();
  });

  it('turns the allow-list on, lists the address with a countdown, and withdrawal marks it until it is usable', async () => {
    const { page, context } = await stack.newPage({ token });
    await page.clock.install();
    await page.goto(`${stack.baseUrl}/security/allowlist`);
    await visible(page.getByTestId('allowlist-state'));
    expect(await page.getByTestId('allowlist-state').textContent()).toBe('Off');
    await page.getByRole('switch', { name: 'Allow-list' }).click();
    await eventually(
      () => page.getByTestId('allowlist-state').textContent(),
      (text) => text === 'On',
      'the list on',
    );

    const addresses = page.getByTestId('allowlist-addresses');
    await addresses.getByRole('button', { name: 'Add' }).click();
    const countdown = await visible(addresses.getByTestId('allowlist-countdown'));
    expect(await countdown.textContent()).toMatch(/^On the list, usable in (24:00:00|23:59:\d\d)$/);

    await page.goto(`${stack.baseUrl}/withdrawal`);
    const mark = await visible(page.getByTestId('withdraw-allowlist-mark'));
    expect(await mark.textContent()).toMatch(/On the list, usable in (24:00:00|23:59:\d\d)/);
    const ticked = await mark.textContent();
    await page.clock.fastForward(5 * 60_000);
    await eventually(
      () => mark.textContent(),
      (text) => text !== ticked,
      'the countdown moving on',
    );
    await advanceServerClock(stack.baseUrl, 24 * HOUR);
    await page.reload();
    await visible(page.getByTestId('withdraw-address'));
    await eventually(
      () => page.getByTestId('withdraw-allowlist-mark').count(),
      (count) => count === 0,
      'the address usable',
    );

    // Turning it off waits: the hub says so.
    await page.goto(`${stack.baseUrl}/security/allowlist`);
    await page.getByRole('switch', { name: 'Allow-list' }).click();
    await eventually(
      () => page.getByTestId('allowlist-state').textContent(),
      (text) => /^Turns off in (24:00:00|23:\d\d:\d\d)$/.test(text ?? ''),
      'the turn-off waiting',
    );
    await page.goto(`${stack.baseUrl}/security`);
    await eventually(
      () => page.getByTestId('allowlist-status').textContent(),
      (text) => text === 'Turning off',
      'the hub row',
    );
    await context.close();
  });
});
