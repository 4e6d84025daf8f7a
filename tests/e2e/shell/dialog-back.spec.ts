import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.ts';
import { signInAs, openMemberPanel, UI_TIMEOUT_MS, visible } from '../support/app-helpers.ts';
import { dismissNoticeBanner, eventually } from '../support/trading-helpers.ts';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

const OPTIONS_BTC = '/options?currentSymbol=btcusdt&name=BTC/USDT';

/** Signs in, then loads /market and then `path`, so "the page before" is /market. */
async function openFromMarket(page: Page, path: string): Promise<void> {
  await signInAs(page, stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
  await page.goto(`${stack.baseUrl}/market`);
  await page.goto(`${stack.baseUrl}${path}`);
}

/** Whether the current history entry carries a dialog's marker (use-back-closes.ts writes `dialogEntry`). */
function onDialogEntry(page: Page): Promise<boolean> {
  return page.evaluate(() => typeof (history.state as Record<string, unknown> | null)?.dialogEntry === 'string');
}

/**
 * Waits until the current entry is (or, with `present` false, is no longer) a dialog's. It is pushed
 * in a task after the paint that shows the dialog (use-back-closes.ts), so a back press sent the
 * moment the dialog is visible could come first.
 */
async function waitForDialogEntry(page: Page, present = true): Promise<void> {
  await eventually(
    () => onDialogEntry(page),
    (on) => on === present,
    present ? "the dialog's history entry" : "the page's own history entry",
  );
}

async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: UI_TIMEOUT_MS });
}

describe('the back button closes dialogs', () => {
  it('closes the options pairs popup and keeps the page; the next back leaves the page as usual', async () => {
    const { page, context } = await stack.newPage();
    await openFromMarket(page, OPTIONS_BTC);
    await visible(page.getByTestId('day-summary'));
    await dismissNoticeBanner(page);
    const url = page.url();
    const entries = await page.evaluate(() => history.length);

    await page.getByTestId('pair-button').click();
    await visible(page.getByTestId('option-pairs'));
    await waitForDialogEntry(page);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);

    await page.goBack();
    await page.getByTestId('option-pairs').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    expect(page.url()).toBe(url);
    await visible(page.getByTestId('day-summary'));
    expect(await onDialogEntry(page)).toBe(false);

    await page.goBack();
    await waitForPath(page, '/market');
    await context.close();
  });

  it('picking a pair (close, then a replace navigation) leaves the new pair in place of the page', async () => {
    const { page, context } = await stack.newPage();
    await openFromMarket(page, OPTIONS_BTC);
    await visible(page.getByTestId('day-summary'));
    await dismissNoticeBanner(page);

    await page.getByTestId('pair-button').click();
    const popup = await visible(page.getByTestId('option-pairs'));
    await waitForDialogEntry(page);
    // A row's own button (each row also has its watchlist star).
    const other = await visible(popup.locator('li button:not([aria-current]):not([data-testid="watch-star"])'));
    const title = (await other.locator('span').first().textContent()) ?? '';
    await other.click();
    await page.waitForURL((next) => next.pathname === '/options' && next.searchParams.get('name') === title, {
      timeout: UI_TIMEOUT_MS,
    });
    await page.getByTestId('option-pairs').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    await visible(page.getByTestId('pair-button').filter({ hasText: title }));
    // The tidy-up traversal has landed: the entry is the page's own, showing the new pair.
    await waitForDialogEntry(page, false);
    expect(new URL(page.url()).searchParams.get('name')).toBe(title);

    // Back goes to the page before, neither to the old pair nor to a left-over entry.
    await page.goBack();
    await waitForPath(page, '/market');
    await context.close();
  });

  it('closes the home member panel; after a panel link, back returns to home without it and then leaves', async () => {
    const { page, context } = await stack.newPage();
    await openFromMarket(page, '/');
    await openMemberPanel(page);
    await waitForDialogEntry(page);

    await page.goBack();
    await page.getByTestId('member-panel').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    expect(new URL(page.url()).pathname).toBe('/');
    await visible(page.getByRole('button', { name: 'Open member center' }));

    const panel = await openMemberPanel(page);
    await panel.getByTestId('panel-security').click();
    await waitForPath(page, '/security');
    await page.getByTestId('member-panel').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

    await page.goBack();
    await waitForPath(page, '/');
    await visible(page.getByRole('button', { name: 'Open member center' }));
    expect(await page.getByTestId('member-panel').count()).toBe(0);
    expect(await onDialogEntry(page)).toBe(false);

    await page.goBack();
    await waitForPath(page, '/market');
    await context.close();
  });
});
