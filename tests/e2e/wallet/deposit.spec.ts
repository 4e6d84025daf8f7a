import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceServerClock,
  signedInPage,
  registerByPhoneApi,
  toast,
  unique,
  visible,
  UI_TIMEOUT_MS,
} from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { eventually } from '../support/trading-helpers.ts';
import { generatePhoto, slotStatus, uploadSlot } from '../support/upload-helpers.ts';

/** Seconds before the demo review approves a pending deposit: enough to see it pending, short enough not to wait long. */
const REVIEW_AUTO_SECONDS = 4;

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ REVIEW_AUTO_SECONDS: String(REVIEW_AUTO_SECONDS) });
});

afterAll(async () => {
  await stack?.stop();
});

describe('deposit', () => {
  it('with a proof image: pending in the records, approved by the demo review, then credited', async () => {
    const phone = `137${unique().replace(/\D/g, '').slice(0, 8).padEnd(8, '3')}`;
    await registerByPhoneApi(stack.baseUrl, phone, 'secret12');
    const { page, context } = await signedInPage(stack, phone, 'secret12');
    const proof = await generatePhoto(context, { width: 900, height: 1600 });
    const usdt = stack.db.prepare("SELECT id FROM coins WHERE name = 'usdt'").pluck().get() as number;

    await page.goto(`${stack.baseUrl}/recharge`);
    const box = await visible(page.getByTestId('deposit-address'));
    expect(
      await box.getByRole('img', { name: 'QR code of the USDT deposit address (TRC20)' }).getAttribute('src'),
    ).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await box.textContent()).toContain('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(await box.getByTestId('deposit-warning').textContent()).toBe(
      'Send only USDT on TRC20 to this address; other coins or networks are lost',
    );
    expect(await page.getByTestId('deposit-min').textContent()).toBe('10 USDT');
    expect(await page.getByTestId('deposit-records').getAttribute('href')).toBe(
      `/trade-account?id=${usdt}&name=USDT&type=1&tab=recharge`,
    );
    // The bank tab shows its detail rows instead of an address.
    await page.getByRole('tab', { name: 'Bank transfer' }).click();
    expect(await (await visible(page.getByTestId('bank-details'))).textContent()).toContain('Demo Bank International');
    await page.getByRole('tab', { name: 'TRC20' }).click();

    await page
      .getByLabel('Payment proof')
      .setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: proof });
    await slotStatus(uploadSlot(page, 'Payment proof'), 'done');
    await page.getByLabel('Deposit amount').fill('250');
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await toast(page, 'Deposit submitted, waiting for review');
    // The demo's recharge_subover_refre is 1: home after a deposit.
    await page.waitForURL(`${stack.baseUrl}/`, { timeout: UI_TIMEOUT_MS });

    await page.goto(`${stack.baseUrl}/trade-account?id=${usdt}&name=USDT&type=1`);
    await page.getByRole('tab', { name: 'Deposits' }).click();
    const row = page.getByTestId('recharge-row').first();
    await visible(row.getByText('Pending review'));
    expect(await row.textContent()).toContain('250.00000000');
    expect(await row.textContent()).toContain('TRC20 T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(await page.getByTestId('account-available').textContent()).toBe('0.00000000');

    // The demo review approves it by itself once REVIEW_AUTO_SECONDS have passed on the server's clock.
    await advanceServerClock(stack.baseUrl, REVIEW_AUTO_SECONDS * 1000);
    await eventually(
      async () => {
        await page.reload();
        await page.getByRole('tab', { name: 'Deposits' }).click();
        return (await visible(page.getByTestId('recharge-row').first())).textContent();
      },
      (text) => text?.includes('Completed') ?? false,
      'the deposit to be approved',
    );
    // The balance and the records are two requests: the approval may land between them. A load after
    // the approval was seen shows both (approval credits and completes in one transaction).
    await page.reload();
    expect(await (await visible(page.getByTestId('account-available'))).textContent()).toBe('250.00000000');
    await page.getByRole('tab', { name: 'Bill' }).click();
    const bill = await visible(page.getByTestId('bill-row').first());
    expect(await bill.textContent()).toMatch(/^\+250\.00000000Deposit #\d+/);
    await context.close();
  });
});
