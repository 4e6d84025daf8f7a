/**
 * End to end, logged out: a starred pair is under Favourites (the first tab) after a
 * reload, and a price alert fires on the simulated feed when the feed's test control moves the
 * price through its level; alerts survive a reload and can be edited and deleted.
 */
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toast, UI_TIMEOUT_MS, visible } from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('watchlist and price alerts', () => {
  it('stars a pair and finds it under Favourites, the first tab, after a reload; unstarring it there empties the tab away', async () => {
    const { page, context } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/market`);
    const ethRow = (await visible(page.getByTestId('market-row').filter({ hasText: 'ETH' }))).first();
    expect(await page.getByRole('tab', { name: 'Favourites' }).count()).toBe(0);
    await ethRow.getByRole('button', { name: 'Add ETH/USDT to favourites' }).click();
    await visible(page.getByRole('tab', { name: 'Favourites' }));

    await page.reload();
    const tabs = page.getByRole('tablist', { name: 'Currency groups' }).getByRole('tab');
    await visible(tabs.first());
    expect(await tabs.first().textContent()).toBe('Favourites');
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    await visible(page.getByTestId('market-row'));
    const rows = await page.getByTestId('market-row').allTextContents();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('ETH');

    // The home ranking's star is the same watchlist.
    await page.getByRole('link', { name: 'Home' }).click();
    const btcStar = await visible(
      page.getByTestId('ranking').getByRole('button', { name: 'Add BTC/USDT to favourites' }),
    );
    await btcStar.click();
    await page.getByRole('link', { name: 'Markets' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="market-row"]').length === 2, undefined, {
      timeout: UI_TIMEOUT_MS,
    });
    const favourites = await page.getByTestId('market-row').allTextContents();
    expect(favourites.map((row) => row.slice(0, 3))).toEqual(['ETH', 'BTC']);

    for (const name of ['Remove ETH/USDT from favourites', 'Remove BTC/USDT from favourites'])
      await page.getByRole('button', { name }).click();
    await page.getByRole('tab', { name: 'Favourites' }).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    expect(await page.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  }, 90_000);

  it('an alert fires when the feed moves the price through its level; it survives a reload, and can be edited and deleted', async () => {
    const { page, context } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/alerts?symbol=btcusdt&name=BTC/USDT`);
    const lastText = page.getByTestId('alert-last').locator('bdi');
    await page.waitForFunction(
      () => /\d/.test(document.querySelector('[data-testid="alert-last"] bdi')?.textContent ?? ''),
      undefined,
      { timeout: UI_TIMEOUT_MS },
    );
    const last = new Big((await lastText.textContent()) ?? '0');
    const level = last.times(1.01).round(2, Big.roundUp).toFixed(2);

    // A level below the last price cannot be an alert for "rises to".
    await page.getByRole('button', { name: 'Rises to' }).click();
    await page.getByLabel('Price level').fill(last.times(0.5).round(2).toFixed(2));
    await page.getByRole('button', { name: 'Rises to' }).click();
    await page.getByTestId('alert-save').click();
    await visible(page.getByText('For "rises to" choose a level above the last price'));

    await page.getByLabel('Price level').fill(level);
    expect(await page.getByRole('button', { name: 'Rises to' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('alert-save').click();
    await toast(page, 'Alert created');
    const row = await visible(page.getByTestId('alert-row'));
    // The list shows levels without trailing zeros.
    expect(await row.textContent()).toContain(`at or above ${new Big(level).toString()}`);
    expect(await row.getByTestId('alert-status').textContent()).toBe('Watching');
    expect(await page.getByTestId('alerts-closed-note').textContent()).toContain(
      'When the app is closed nothing checks them',
    );

    // Survives a reload, still watched.
    await page.reload();
    await visible(page.getByTestId('alert-row'));
    expect(await page.getByTestId('alert-status').textContent()).toBe('Watching');

    const moved = await fetch(`${stack.baseUrl}/__test/feed/move?symbol=btcusdt&percent=4`, { method: 'POST' });
    expect(moved.status).toBe(200);
    await visible(
      page
        .getByTestId('toast')
        .filter({ hasText: `BTC/USDT is at` })
        .filter({ hasText: `at or above your level ${new Big(level).toString()}` }),
    );
    await page.waitForFunction(
      () => document.querySelector('[data-testid="alert-status"]')?.textContent?.startsWith('Triggered at'),
      undefined,
      { timeout: UI_TIMEOUT_MS },
    );
    const fired = (await page.getByTestId('alert-status').textContent())?.replace('Triggered at ', '') ?? '';
    expect(new Big(fired).gte(level)).toBe(true);

    await page.reload();
    await visible(page.getByTestId('alert-row'));
    expect(await page.getByTestId('alert-status').textContent()).toBe(`Triggered at ${fired}`);

    // Editing re-arms it at a new level; deleting removes it.
    await page.getByRole('button', { name: 'Edit' }).click();
    const higher = new Big(fired).times(1.5).round(2).toFixed(2);
    await page.getByLabel('Price level').fill(higher);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Alert updated');
    expect(await page.getByTestId('alert-status').textContent()).toBe('Watching');
    expect(await page.getByTestId('alert-row').textContent()).toContain(`at or above ${new Big(higher).toString()}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Alert deleted');
    await visible(page.getByText('No alerts yet.'));
    await page.reload();
    await visible(page.getByText('No alerts yet.'));
    await context.close();
  }, 90_000);
});
