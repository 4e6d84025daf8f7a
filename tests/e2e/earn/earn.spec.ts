import Big from 'big.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';
import { platformReviews } from '../../../server/src/domain/review-kinds.ts';
import { signInAs, registerByPhoneApi, toast, unique, visible } from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { apiData, dismissNoticeBanner, eventually, pageToken } from '../support/trading-helpers.ts';
import { generatePhoto, slotStatus, uploadSlot } from '../support/upload-helpers.ts';

/**
 * The earn products end to end in Chromium against the real server (README "How the reference
 * server runs the earn products"): a loan applied for with three images, approved by the demo's
 * automatic review (REVIEW_AUTO_SECONDS=2) and repaid; an amount locked in mining with its estimate;
 * staking and redeeming; an internal transfer to a second registered user, and another cancelled.
 * Whole-number amounts with a fraction are refused as typed, and each send goes through its confirm step.
 */

const PAY_PASSWORD = 'pay12345';

interface Coin {
  balance: string;
  frozen: string;
}

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ REVIEW_AUTO_SECONDS: '2' });
  // The demo account has no transaction password yet; staking and transfers need one (traders_password_switch 1).
  const login = await fetch(`${stack.baseUrl}/api/Login/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password, ip: '' }),
  });
  const token = ((await login.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
  await apiData(stack.baseUrl, token, '/User/resetPay', {
    logpassword: DEMO_ACCOUNT.password,
    newpassword: PAY_PASSWORD,
  });
});

afterAll(async () => {
  await stack?.stop();
});

/** Runs in every document before its own scripts: keeps each Content-Security-Policy violation. */
function recordViolations(): void {
  const seen: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) =>
    seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`),
  );
}

/**
 * The demo user, signed in, with the notice banner out of the way; `refusals()` lists what the
 * server's Content-Security-Policy refused on the page so far (product images, upload previews).
 */
async function signedIn(): Promise<{
  page: Page;
  context: BrowserContext;
  token: string;
  refusals(): Promise<string[]>;
}> {
  const { page, context } = await stack.newPage();
  await context.addInitScript(recordViolations);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(message.text());
  });
  await signInAs(page, stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
  await dismissNoticeBanner(page);
  const refusals = async () => [
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
    ...logged,
  ];
  return { page, context, token: await pageToken(page), refusals };
}

/** The available balance of a coin in the main account, read from the server's own ledger. */
function mainBalance(coinId: number, userId: number): Coin {
  const row = stack.db
    .prepare('SELECT available, frozen FROM balances WHERE user_id = ? AND coin_id = ? AND account_type = 1')
    .safeIntegers(true)
    .get(userId, coinId) as { available: bigint; frozen: bigint } | undefined;
  const text = (units: bigint) => new Big(units.toString()).div(1e8).toFixed(8);
  return { balance: text(row?.available ?? 0n), frozen: text(row?.frozen ?? 0n) };
}

/** The message of a whole-number field holding a fraction. */
const WHOLE_ONLY = 'Whole numbers only: remove the decimal part';
const loanOrders = (userId: number): number =>
  stack.db.prepare('SELECT COUNT(*) FROM loan_orders WHERE user_id = ?').pluck().get(userId) as number;

const userId = (username: string): number =>
  stack.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(username) as number;
const coinId = (name: string): number =>
  stack.db.prepare('SELECT id FROM coins WHERE name = ?').pluck().get(name) as number;

describe('earn products in the app', () => {
  it('applies for a loan with three images, sees it approved by the review, and repays it once', async () => {
    const { page, context, refusals } = await signedIn();
    const photo = await generatePhoto(context, { width: 1200, height: 900 });
    const demo = userId(DEMO_ACCOUNT.username);
    const usdt = coinId('usdt');
    const before = new Big(mainBalance(usdt, demo).balance);

    await page.goto(`${stack.baseUrl}/loans`);
    const product = await visible(page.getByTestId('loan-product').filter({ hasText: 'Quick cash loan' }));
    await product.getByRole('link', { name: 'Apply' }).click();
    await page.waitForURL(/\/loans-application\?id=\d+$/);
    const amount = await visible(page.getByTestId('loan-amount'));
    expect(await amount.inputValue()).toBe('100');
    // 600.5 stays as typed, is named, and is refused: never read as 6005, nothing is applied for.
    const loansBefore = loanOrders(demo);
    await amount.fill('600.5');
    expect(await amount.inputValue()).toBe('600.5');
    await visible(page.getByRole('alert').filter({ hasText: WHOLE_ONLY }));
    await page.getByTestId('loan-apply').click();
    await toast(page, WHOLE_ONLY);
    expect(loanOrders(demo)).toBe(loansBefore);
    await amount.fill('100');
    await page.getByRole('button', { name: 'Increase' }).click();
    expect(await amount.inputValue()).toBe('200');

    // The images are checked in order, the toast naming the first one missing.
    await page.getByTestId('loan-apply').click();
    await toast(page, 'Please upload the front of your ID');
    for (const label of ['Front of ID', 'Back of ID', 'Holding your ID']) {
      await page
        .getByLabel(label, { exact: true })
        .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: photo });
      await slotStatus(uploadSlot(page, label), 'done');
    }
    const total = await page.getByTestId('loan-total').textContent();
    await page.getByTestId('loan-apply').click();
    await toast(page, 'Application submitted, please wait for the review');
    await page.waitForURL(/\/loans\?tab=orders$/);
    const order = page.getByTestId('loan-order').first();
    await visible(order.filter({ hasText: 'Quick cash loan' }));

    // The demo approves pending reviews after 2 s: load the list again until it shows.
    const approved = page.getByTestId('loan-order').filter({ hasText: 'Not repaid' });
    await eventually(
      async () => {
        await page.reload();
        await visible(page.getByTestId('loan-order').first());
        return approved.count();
      },
      (count) => count === 1,
      'the loan approved by the demo review',
    );
    expect(new Big(mainBalance(usdt, demo).balance).minus(before).toFixed(8)).toBe('200.00000000');

    await approved.getByRole('button', { name: 'Repay' }).click();
    const dialog = await visible(page.getByTestId('loan-confirm'));
    // The total to repay is the one the application screen showed.
    const amountOf = (text: string | null) => new Big((text ?? '').trim().split(/\s+/)[0] ?? '0');
    const repayTotal = amountOf(await dialog.getByTestId('repay-total').textContent());
    expect(repayTotal.eq(amountOf(total))).toBe(true);
    await dialog.getByRole('button', { name: 'Repay' }).click();
    await toast(page, 'Repayment successful');
    await visible(page.getByTestId('loan-order').filter({ hasText: 'Repaid' }));
    expect(
      await page.getByTestId('loan-order').filter({ hasText: 'Repaid' }).getByRole('button', { name: 'Repay' }).count(),
    ).toBe(0);
    // Principal in, principal and interest out: the user paid exactly the interest the screen showed.
    const interest = repayTotal.minus(200);
    expect(new Big(mainBalance(usdt, demo).balance).toFixed(8)).toBe(before.minus(interest).toFixed(8));
    expect(await refusals()).toEqual([]);
    await context.close();
  });

  it("locks an amount in mining, seeing the day's rate and the estimate as the amount changes", async () => {
    const { page, context, token, refusals } = await signedIn();
    const usdt = coinId('usdt');
    const demo = userId(DEMO_ACCOUNT.username);
    const before = mainBalance(usdt, demo);
    const { list } = await apiData<{
      list: {
        id: number;
        title: string;
        cycle: string;
        interest_rate: string;
        type: number;
        redeem_fee_rate: string;
      }[];
    }>(stack.baseUrl, token, '/Machine/getMiningMachineList');
    const miner = list.find((p) => p.title === 'USDT stable miner')!;
    const days = miner.cycle.split(',');
    const rates = miner.interest_rate.split(',');

    await page.goto(`${stack.baseUrl}/lockming`);
    await (
      await visible(page.getByTestId('mining-product').filter({ hasText: miner.title }))
    )
      .getByRole('link', { name: 'Lock' })
      .click();
    await page.waitForURL(/\/lockming-application\?id=\d+$/);
    await page.getByRole('button', { name: `${days[1]} days` }).click();
    expect(await page.getByTestId('mining-rate').textContent()).toBe(`${rates[1]}%`);
    await page.getByTestId('mining-amount').fill('1000');
    const estimate = new Big(1000).times(rates[1]!).times(days[1]!).div(100).toFixed(8);
    await eventually(
      () => page.getByTestId('mining-estimate').textContent(),
      (text) => text === `${estimate} USDT`,
      'the estimate of 1000',
    );
    await page.getByTestId('mining-amount').fill('2000');
    await eventually(
      () => page.getByTestId('mining-estimate').textContent(),
      (text) => text === `${new Big(estimate).times(2).toFixed(8)} USDT`,
      'the estimate of 2000',
    );

    await page.getByLabel('Transaction password').fill(PAY_PASSWORD);
    await page.getByTestId('mining-lock').click();
    // The confirm step states the estimate, and the early-redemption fee before anything is locked.
    const sheet = await visible(page.getByTestId('mining-confirm'));
    expect(await sheet.getByTestId('mining-confirm-amount').textContent()).toBe('2000 USDT');
    expect(await sheet.getByTestId('mining-confirm-estimate').textContent()).toBe(
      `${new Big(estimate).times(2).toString()} USDT`,
    );
    const feeRate = miner.redeem_fee_rate;
    if (miner.type === 1) {
      expect(await sheet.getByTestId('mining-confirm-redeem-fee').textContent()).toBe(`${feeRate}%`);
      const back = new Big(2000).minus(new Big(2000).times(feeRate).div(100).round(8, Big.roundDown));
      expect(await sheet.getByTestId('mining-confirm-redeem-back').textContent()).toBe(`${back.toString()} USDT`);
    }
    expect(mainBalance(usdt, demo)).toEqual(before);
    await sheet.getByTestId('mining-confirm-confirm').click();
    await toast(page, 'Locked successfully');
    await page.waitForURL(/\/lockming\?tab=orders$/);
    const order = await visible(page.getByTestId('mining-order').filter({ hasText: miner.title }));
    expect(await order.textContent()).toContain('Running');
    expect(await order.textContent()).toContain(`${new Big(estimate).times(2).toString()} USDT`);
    const after = mainBalance(usdt, demo);
    expect(new Big(before.balance).minus(after.balance).toFixed(8)).toBe('2000.00000000');
    expect(new Big(after.frozen).minus(before.frozen).toFixed(8)).toBe('2000.00000000');
    expect(await refusals()).toEqual([]);
    await context.close();
  });

  it('stakes a whole amount with the transaction password and redeems it, told first what comes back', async () => {
    const { page, context, refusals } = await signedIn();
    const usdt = coinId('usdt');
    const demo = userId(DEMO_ACCOUNT.username);
    const before = mainBalance(usdt, demo);

    await page.goto(`${stack.baseUrl}/staking`);
    const card = await visible(page.getByTestId('staking-project').filter({ hasText: 'USDT flexible staking' }));
    await card.getByRole('button', { name: '30 days' }).click();
    await card.getByLabel('Transaction password').fill(PAY_PASSWORD);
    // 150.5 stays as typed, is named, and is refused: never staked as 1505, the balance unchanged.
    await card.getByLabel('Amount (USDT)').fill('150.5');
    expect(await card.getByLabel('Amount (USDT)').inputValue()).toBe('150.5');
    await visible(card.getByRole('alert').filter({ hasText: WHOLE_ONLY }));
    await card.getByRole('button', { name: 'Stake now' }).click();
    await toast(page, WHOLE_ONLY);
    expect(await page.getByTestId('staking-confirm').count()).toBe(0);
    expect(mainBalance(usdt, demo)).toEqual(before);
    await card.getByLabel('Amount (USDT)').fill('99');
    await card.getByRole('button', { name: 'Stake now' }).click();
    await toast(page, 'The minimum staking amount is 100');
    await card.getByLabel('Amount (USDT)').fill('150');
    await card.getByRole('button', { name: 'Stake now' }).click();
    // The confirm step names the early-redemption fee and what it would give back before staking.
    const sheet = await visible(page.getByTestId('staking-confirm'));
    expect(await sheet.getByTestId('staking-confirm-amount').textContent()).toBe('150 USDT');
    expect(await sheet.getByTestId('staking-confirm-redeem-back').textContent()).toBe('150 USDT');
    expect(mainBalance(usdt, demo)).toEqual(before);
    await sheet.getByTestId('staking-confirm-confirm').click();
    await toast(page, 'Staked successfully');
    await page.waitForURL(/\/staking-list$/);
    expect(new Big(mainBalance(usdt, demo).frozen).minus(before.frozen).toFixed(8)).toBe('150.00000000');

    const order = await visible(page.getByTestId('staking-order').filter({ hasText: 'USDT flexible staking' }).first());
    await order.getByRole('button', { name: 'Redeem' }).click();
    const dialog = await visible(page.getByTestId('redeem-confirm'));
    expect(await dialog.getByTestId('redeem-amount').textContent()).toBe('150 USDT');
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    await toast(page, 'Redeemed, the principal is back in your account');
    await visible(page.getByTestId('staking-order').filter({ hasText: 'Redeemed' }));
    expect(mainBalance(usdt, demo)).toEqual(before);
    expect(await refusals()).toEqual([]);
    await context.close();
  });

  it('sends an internal transfer to a second registered user, and cancels another one', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    await registerByPhoneApi(stack.baseUrl, phone, `friend${unique().slice(-4)}`);
    const { page, context, refusals } = await signedIn();
    const usdt = coinId('usdt');
    const demo = userId(DEMO_ACCOUNT.username);
    const friend = userId(phone);
    const before = mainBalance(usdt, demo);

    const send = async (amount: string) => {
      await page.goto(`${stack.baseUrl}/transfer`);
      await page.getByLabel('Receiving account').fill(phone);
      await page.getByRole('button', { name: 'Search' }).click();
      const receiver = await visible(page.getByTestId('transfer-receiver'));
      expect(await page.getByTestId('transfer-form').count()).toBe(0);
      await receiver.click();
      await visible(page.getByTestId('transfer-form'));
      await page.getByLabel('Amount', { exact: true }).fill(amount);
      await eventually(
        () => page.getByTestId('transfer-actual').textContent(),
        (text) => (text ?? '').startsWith(new Big(amount).times('0.999').toFixed(8)),
        'the amount that arrives',
      );
      await page.getByLabel('Transaction password').fill(PAY_PASSWORD);
      await page.getByTestId('transfer-send').click();
      const sheet = await visible(page.getByTestId('transfer-confirm'));
      expect(await sheet.getByTestId('transfer-confirm-actual').textContent()).toBe(
        `${new Big(amount).times('0.999').toFixed(8)} USDT`,
      );
      await sheet.getByTestId('transfer-confirm-confirm').click();
      await toast(page, 'Transfer submitted');
      await page.waitForURL(/\/transfer-list$/);
    };

    await send('10');
    await send('5');
    const records = page.getByTestId('transfer-record');
    await visible(records.filter({ hasText: '5 USDT' }));
    expect(new Big(before.balance).minus(mainBalance(usdt, demo).balance).toFixed(8)).toBe('15.00000000');

    // Cancel the second one: all of it comes back.
    await records.filter({ hasText: '5 USDT' }).getByRole('button', { name: 'Cancel transfer' }).click();
    const dialog = await visible(page.getByTestId('transfer-cancel-confirm'));
    await dialog.getByRole('button', { name: 'Cancel transfer' }).click();
    await toast(page, 'Transfer cancelled, the amount is back in your account');
    await page.getByRole('tab', { name: 'Cancelled' }).click();
    await visible(records.filter({ hasText: '5 USDT' }));
    expect(new Big(before.balance).minus(mainBalance(usdt, demo).balance).toFixed(8)).toBe('10.00000000');

    // The first one arrives (an operator lets it arrive now instead of after a day): the friend gets 10 less the 0.1 % fee.
    const transferId = stack.db
      .prepare('SELECT id FROM internal_transfers WHERE to_user_id = ? AND status = 1')
      .pluck()
      .get(friend) as number;
    const reviews = platformReviews(stack.db, Date.now);
    reviews.approve(reviews.findByRef('internal_transfer', transferId)!.id);
    expect(mainBalance(usdt, friend).balance).toBe('9.99000000');
    await page.getByRole('tab', { name: 'Finished' }).click();
    await visible(records.filter({ hasText: '9.99 USDT' }));
    expect(mainBalance(usdt, demo)).toEqual({
      balance: new Big(before.balance).minus(10).toFixed(8),
      frozen: before.frozen,
    });
    expect(await refusals()).toEqual([]);
    await context.close();
  });
});
