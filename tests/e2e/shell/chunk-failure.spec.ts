/**
 * A piece of the app's code that cannot be fetched (the network gone for a moment before the
 * service worker has the app, a chunk of an older deployment) costs that piece only: the screen
 * says it failed and offers a retry, a part of the shell is left out, and both load by themselves
 * once the network is back. Before, React unmounted the whole app and the phone showed a blank page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TIMEOUT_MS, visible } from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** Makes the chunk whose file name starts with `name` fail as a dropped connection does, until the returned function is called. */
async function failChunk(page: Page, name: string): Promise<() => Promise<void>> {
  const pattern = new RegExp(`/assets/${name}-[\\w-]+\\.js$`);
  await page.route(pattern, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(pattern);
}

/** Home, then a tap on Markets while the Markets screen's code is refused: its failure view, and how to allow the code again. */
async function marketsRefused() {
  const { page, context } = await stack.newPage();
  await page.goto(`${stack.baseUrl}/`);
  await visible(page.getByTestId('market-carousel'));
  const restore = await failChunk(page, 'MarketPage');
  await page.getByRole('link', { name: 'Markets' }).click();
  const failed = await visible(page.getByTestId('page-load-failed'));
  return { page, context, failed, restore };
}

describe('a chunk of code that cannot be fetched', () => {
  it('offline, a screen says it failed to load, the shell stays, and the screen opens by itself when the network is back', async () => {
    const { page, context } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/`);
    await visible(page.getByTestId('market-carousel'));

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Markets' }).click();
    const failed = await visible(page.getByTestId('page-load-failed'));
    expect(await failed.getByRole('alert').textContent()).toContain('Failed to load');
    await visible(page.getByRole('link', { name: 'Home' }));
    await visible(page.getByTestId('offline-notice'));

    await context.setOffline(false);
    await visible(page.getByTestId('market-row'));
    expect(await page.getByTestId('page-load-failed').count()).toBe(0);
    await context.close();
  });

  it('Retry fetches the screen again', async () => {
    const { page, context, failed, restore } = await marketsRefused();
    await restore();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await visible(page.getByTestId('market-row'));
    await context.close();
  });

  it('a screen whose code fails again when tried again: the next Retry reloads the page once the server answers, and the screen opens', async () => {
    // Browsers that keep a failed module fetch (Chromium 150 did) fail every retry without fetching;
    // a second refusal here stands for that in any browser.
    const { page, context, failed, restore } = await marketsRefused();
    await failed.evaluate((element) => element.setAttribute('data-seen', ''));
    await failed.getByRole('button', { name: 'Retry' }).click();
    const failedAgain = await visible(page.locator('[data-testid="page-load-failed"]:not([data-seen])'));
    await restore();
    const reloaded = page.waitForEvent('load', { timeout: UI_TIMEOUT_MS });
    await failedAgain.getByRole('button', { name: 'Retry' }).click();
    await reloaded;
    await visible(page.getByTestId('market-row'));
    expect(new URL(page.url()).pathname).toBe('/market');
    await context.close();
  });

  it('a part of the shell that fails to load leaves the screen working, and loads on the next page', async () => {
    const { page, context } = await stack.newPage();
    const restore = await failChunk(page, 'AlertBridge');
    const refused = page.waitForEvent('requestfailed', {
      predicate: (request) => request.url().includes('/assets/AlertBridge-'),
      timeout: UI_TIMEOUT_MS,
    });
    await page.goto(`${stack.baseUrl}/`);
    await refused;

    // The app still answers: a tap on a tab opens the screen.
    await page.getByRole('link', { name: 'Markets' }).click();
    await visible(page.getByTestId('market-row'));
    await restore();
    const loaded = page.waitForResponse(
      (response) => response.url().includes('/assets/AlertBridge-') && response.ok(),
      { timeout: UI_TIMEOUT_MS },
    );
    await page.getByRole('link', { name: 'Home' }).click();
    await loaded;
    await visible(page.getByTestId('market-carousel'));
    await context.close();
  });
});
