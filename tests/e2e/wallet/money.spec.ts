import Big from 'big.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USDT_ADDRESS } from '../../../server/src/db/seed-profile.ts';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';
import { apiToken, signInAs, toast, visible, UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import { demoToken, overlappingParts, screenPage } from '../support/screen-checks.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { apiData, dismissNoticeBanner, eventually, pageToken } from '../support/trading-helpers.ts';
import { balanceOf, PAY_PASSWORD } from '../support/account-records.ts';

let stack: Stack;

beforeAll(async () => {
  // No automatic approval: a withdrawal stays frozen while the test looks at it.
  stack = await startStack({ REVIEW_AUTO_SECONDS: '0' });
});

afterAll(async () => {
  await stack?.stop();
});

/**
 * Logs the demo user in (with a transaction password set) and closes the notice banner. The password
 * is set before the page opens: replacing it sends a security notice, which must be the newest one
 * when the banner shows, or it would take the banner's place once the older one is closed.
 */
async function signIn(page: Page): Promise<string> {
  await apiData(
    stack.baseUrl,
    await apiToken(stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password),
    '/User/resetPay',
    {
      logpassword: DEMO_ACCOUNT.password,
      newpassword: PAY_PASSWORD,
    },
  );
  await signInAs(page, stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
  await dismissNoticeBanner(page);
  return pageToken(page);
}

describe('moving money', () => {
  it('moves funds between own accounts and shows them on both sides', async () => {
    const { page, context } = await stack.newPage();
    const token = await signIn(page);
    const before = await balanceOf(stack, token, 'usdt', 1);

    await page.goto(`${stack.baseUrl}/changemoney`);
    await visible(page.getByTestId('transfer-available').getByText(before.balance));
    await page.getByLabel('Amount', { exact: true }).fill('25.5');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await toast(page, 'Transfer completed');
    const after = new Big(before.balance).minus('25.5').toFixed(8);
    await visible(page.getByTestId('transfer-available').getByText(after));
    expect((await balanceOf(stack, token, 'usdt', 2)).balance).toBe('25.50000000');

    // The other way round: the funds account now holds it.
    await page.getByTestId('transfer-swap').click();
    await visible(page.getByTestId('transfer-available').getByText('25.50000000'));
    expect(await page.getByLabel('Amount', { exact: true }).inputValue()).toBe('');

    await page.goto(`${stack.baseUrl}/assets`);
    await page.getByRole('tab', { name: 'Funds' }).click();
    const usdtRow = page.getByTestId('coins-2').getByTestId('coin-USDT');
    await visible(usdtRow.getByTestId('coin-available').getByText('25.50000000'));
    await usdtRow.click();
    await page.waitForURL(/\/trade-account\?/, { timeout: UI_TIMEOUT_MS });
    const bill = await visible(page.getByTestId('bill-row').first());
    expect(await bill.textContent()).toMatch(/^\+25\.50000000Transfer between accounts #\d+/);
    await context.close();
  });

  it('exchanges BTC for USDT at a binding quote: the figures shown are the figures filled, and the form keeps the coins', async () => {
    const { page, context } = await stack.newPage();
    const token = await signIn(page);
    const btcBefore = await balanceOf(stack, token, 'btc');
    const usdtBefore = await balanceOf(stack, token, 'usdt');

    await page.goto(`${stack.baseUrl}/exchangeb`);
    await visible(page.getByTestId('exchange-available').getByText(btcBefore.balance));
    expect(await page.getByTestId('exchange-from').textContent()).toContain('BTC');
    expect(await page.getByTestId('exchange-to').textContent()).toContain('USDT');
    await page.getByLabel('Amount', { exact: true }).fill('0.1');
    // The estimate comes from the worker's live BTC ticker.
    await eventually(
      () => page.getByTestId('exchange-received').textContent(),
      (text) => /^≈ \d+\.\d{8} USDT$/.test(text ?? ''),
      'an estimate',
    );
    await page.getByLabel('Transaction password').fill(PAY_PASSWORD);
    const quoted = page.waitForResponse((response) => response.url().endsWith('/api/Balance/exchangeQuote'));
    await page.getByRole('button', { name: 'Exchange', exact: true }).click();
    const quote = ((await (await quoted).json()) as { data: { received: string; rate: string } }).data;
    const sheet = await visible(page.getByRole('dialog', { name: 'Confirm the exchange' }));
    expect(await sheet.getByTestId('quote-received').textContent()).toBe(`${quote.received} USDT`);
    expect(await sheet.getByTestId('quote-rate').textContent()).toBe(
      `1 BTC = ${quote.rate.replace(/\.?0+$/, '')} USDT`,
    );
    await visible(sheet.getByTestId('quote-countdown').getByText(/^This price holds for \d+ s$/));
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/Balance/exchangeCoin'));
    await page.getByTestId('exchange-confirm-confirm').click();
    const answer = (await (await answered).json()) as {
      code: number;
      msg: string;
      data: { paid: string; received: string };
    };
    expect(answer.code, answer.msg).toBe(1);
    await toast(page, answer.msg);
    // Filled at the quote, to the last decimal, though the feed moved on meanwhile.
    expect(answer.data.received).toBe(quote.received);
    const btcAfter = new Big(btcBefore.balance).minus('0.1').toFixed(8);
    expect((await balanceOf(stack, token, 'btc')).balance).toBe(btcAfter);
    expect((await balanceOf(stack, token, 'usdt')).balance).toBe(
      new Big(usdtBefore.balance).plus(quote.received).toFixed(8),
    );
    // The form shows the new balance, keeps BTC → USDT and is ready for the next one.
    await visible(page.getByTestId('exchange-available').getByText(btcAfter));
    expect(await page.getByTestId('exchange-from').textContent()).toContain('BTC');
    expect(await page.getByTestId('exchange-to').textContent()).toContain('USDT');
    expect(await page.getByLabel('Amount', { exact: true }).inputValue()).toBe('');
    await context.close();
  });

  it('withdraws to the bound address: what arrives as the user types, the confirm sheet, then the record pending and the amount frozen', async () => {
    const { page, context } = await stack.newPage();
    const token = await signIn(page);
    const before = await balanceOf(stack, token, 'usdt');

    await page.goto(`${stack.baseUrl}/withdrawal`);
    await visible(page.getByTestId('withdraw-address').getByText(DEMO_USDT_ADDRESS));
    // The whole address shows, wrapped and never cut: the user checks all of it before money leaves.
    const addressFits = await page
      .getByTestId('withdraw-address')
      .getByText(DEMO_USDT_ADDRESS)
      .evaluate((element) => {
        const shown = element.closest('span[id]') ?? element;
        return shown.scrollWidth <= shown.clientWidth;
      });
    expect(addressFits).toBe(true);
    await visible(page.getByTestId('withdraw-fee').getByText('1% of the amount'));
    await page.getByLabel('Withdrawal amount').fill('120');
    expect(await page.getByTestId('withdraw-received').textContent()).toBe('118.80000000');
    expect(await page.getByTestId('withdraw-fee').textContent()).toBe('1% of the amount · 1.20000000 USDT');
    await page.getByLabel('Transaction password').fill(PAY_PASSWORD);
    expect(await page.getByTestId('withdraw-network').textContent()).toBe('TRC20');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    // The confirm sheet: the whole address on its own line, never cut, and what arrives with its unit.
    const sheet = await visible(page.getByRole('dialog', { name: 'Confirm the withdrawal' }));
    const address = sheet.getByTestId('confirm-address');
    expect(await address.textContent()).toBe(DEMO_USDT_ADDRESS);
    expect(await address.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await sheet.getByTestId('confirm-network').textContent()).toBe('TRC20');
    expect(await sheet.getByTestId('confirm-amount').textContent()).toBe('120.00000000 USDT');
    expect(await sheet.getByTestId('confirm-fee').textContent()).toBe('1.20000000 USDT');
    expect(await sheet.getByTestId('confirm-received').textContent()).toBe('118.80000000 USDT');
    // Nothing is frozen before the user confirms.
    expect((await balanceOf(stack, token, 'usdt')).balance).toBe(before.balance);
    await page.getByTestId('withdraw-confirm-confirm').click();
    await toast(page, 'Withdrawal submitted, waiting for review');
    // The user lands on the record: the coin's withdrawals, the new one on top.
    await page.waitForURL(/\/trade-account\?.*tab=withdraw/, { timeout: UI_TIMEOUT_MS });
    const row = await visible(page.getByTestId('withdraw-row').first());
    await visible(row.getByText('Pending review'));
    expect(await row.textContent()).toContain('120.00000000');
    expect(await row.textContent()).toContain('Received 118.80000000 · Fee 1.20000000');
    expect(await row.textContent()).toContain(`TRC20 ${DEMO_USDT_ADDRESS}`);
    expect(await page.getByRole('tab', { name: 'Withdrawals' }).getAttribute('aria-selected')).toBe('true');

    await page.goto(`${stack.baseUrl}/assets`);
    await page.getByRole('tab', { name: 'Option' }).click();
    const usdt = page.getByTestId('coins-1').getByTestId('coin-USDT');
    await visible(usdt.getByTestId('coin-frozen').getByText('120.00000000'));
    expect(await usdt.getByTestId('coin-available').textContent()).toBe(new Big(before.balance).minus(120).toFixed(8));
    await usdt.click();
    expect(await page.getByTestId('account-frozen').textContent()).toBe('120.00000000');
    await context.close();
  });

  it('offline, the withdrawal button is off and says why', async () => {
    const { page, context } = await stack.newPage();
    await signIn(page);
    await page.goto(`${stack.baseUrl}/withdrawal`);
    const withdraw = page.getByRole('button', { name: 'Withdraw', exact: true });
    await visible(page.getByTestId('withdraw-address').getByText(DEMO_USDT_ADDRESS));
    expect(await withdraw.isDisabled()).toBe(false);
    await context.setOffline(true);
    await visible(
      page.getByTestId('send-offline').getByText('You are offline. Nothing is sent until the connection is back.'),
    );
    expect(await withdraw.isDisabled()).toBe(true);
    await context.setOffline(false);
    await page.getByTestId('send-offline').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    expect(await withdraw.isDisabled()).toBe(false);
    await context.close();
  });

  it('hides every amount on the assets screens, and remembers it', async () => {
    const { page, context } = await stack.newPage();
    await signIn(page);
    await page.goto(`${stack.baseUrl}/assets`);
    const total = page.getByTestId('assets-total');
    await eventually(
      () => total.textContent(),
      (text) => /^\d+\.\d{2}USD$/.test(text ?? ''),
      'the total',
    );
    await page.getByTestId('hide-amounts').click();
    await visible(total.getByText('****'));
    await page.reload();
    await visible(page.getByTestId('assets-total').getByText('****'));
    await page.getByRole('tab', { name: 'Option' }).click();
    const figures = await page
      .getByTestId('coins-1')
      .getByTestId(/coin-available|coin-frozen|usd-value/)
      .allTextContents();
    expect(figures.length).toBeGreaterThan(10);
    expect(figures.every((text) => text.startsWith('****'))).toBe(true);
    await page.getByTestId('hide-amounts').click();
    await eventually(
      () => page.getByTestId('assets-total').textContent(),
      (text) => /^\d+\.\d{2}USD$/.test(text ?? ''),
      'the total shown again',
    );
    await context.close();
  });
});

/**
 * The numbers of the page's visible text that are not in the plain trading format: Latin digits,
 * "." decimals, groups of three after "," (docs/numbers-and-dates.md). "12.320,27" and "+0,30" are
 * caught; dates and times (2026-12-05 14:03:07) split at "-", ":" and spaces into plain numbers.
 */
function numbersOffFormat(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (document.body.innerText.match(/\d[\d.,]*\d|\d/g) ?? []).filter(
      (number) => !/^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(number),
    ),
  );
}

describe('numbers in every language', () => {
  it('shows no decimal comma or foreign grouping on home, markets and assets in Vietnamese and German', async () => {
    const token = await demoToken(stack.baseUrl);
    for (const lang of ['vi', 'de']) {
      const { page, context } = await screenPage(stack, { token, lang });
      await page.goto(`${stack.baseUrl}/`);
      // The day's changes of the carousel and the ranking: +0,30% in both languages before.
      await visible(page.getByTestId('ranking').getByTestId('change').first());
      await visible(page.getByTestId('market-carousel').getByTestId('change').first());
      expect(await numbersOffFormat(page), `home, ${lang}`).toEqual([]);
      await page.goto(`${stack.baseUrl}/market`);
      // Volumes under 100,000 were grouped as 12.320,27.
      await visible(page.getByTestId('market-row').first().getByTestId('change'));
      expect(await numbersOffFormat(page), `markets, ${lang}`).toEqual([]);
      await page.goto(`${stack.baseUrl}/assets`);
      // The currency's name follows the language ("USD (đô la)", "US-Dollar"); the figure before it does not.
      await eventually(
        () => page.getByTestId('assets-total').textContent(),
        (text) => /^\d+\.\d{2}\D/.test(text ?? ''),
        'the total',
      );
      await visible(page.getByTestId('account-overview'));
      expect(await numbersOffFormat(page), `assets, ${lang}`).toEqual([]);
      await context.close();
    }
  });
});

describe('rows at 320 px', () => {
  it('paints no part of a home ranking row over another or over its star, with a two-digit change, in five languages', async () => {
    const token = await demoToken(stack.baseUrl);
    // A long name, a six-decimal price and a two-digit change: the widest row. "▲ +45.00%" ran into the star.
    const moved = await fetch(`${stack.baseUrl}/__test/feed/move?symbol=dogeusdt&percent=45`, { method: 'POST' });
    expect(moved.status).toBe(200);
    for (const lang of ['en', 'ar', 'zh-cn', 'vi', 'de']) {
      const { page, context } = await screenPage(stack, { token, lang, width: 320 });
      await page.goto(`${stack.baseUrl}/`);
      const ranking = page.getByTestId('ranking');
      await eventually(
        () => ranking.getByTestId('change').first().textContent(),
        (text) => /\+\d{2,}\.\d{2}%/.test(text ?? ''),
        `a two-digit rise first in the ranking, ${lang}`,
      );
      expect(await overlappingParts(page, '[data-testid="ranking"] li', 'a > *, button'), `ranking, ${lang}`).toEqual(
        [],
      );
      await context.close();
    }
  });

  it('keeps each account label apart from its amount on assets, in eight languages', async () => {
    const token = await demoToken(stack.baseUrl);
    for (const lang of ['en', 'de', 'ru', 'el', 'fr', 'vi', 'ar', 'zh-cn']) {
      const { page, context } = await screenPage(stack, { token, lang, width: 320 });
      await page.goto(`${stack.baseUrl}/assets`);
      await eventually(
        () => page.getByTestId('account-overview').first().textContent(),
        (text) => /\d+\.\d{2}/.test(text ?? ''),
        `the account totals, ${lang}`,
      );
      // "Optionskonto" ran into "58528.55" in German.
      expect(
        await overlappingParts(page, '[data-testid="account-overview"] li', 'button > span'),
        `accounts, ${lang}`,
      ).toEqual([]);
      await context.close();
    }
  });
});
