/**
 * Moving to a screen whose code has not come yet (docs/architecture.md#moving-between-screens): the
 * screen on show stays, marked busy and with a line along the top, until the code comes, so a quick
 * load never flashes the skeleton, which React would keep up for 300 ms; a slow one shows the
 * skeleton after the hold. The page's clock is paused, so the hold ends only when the test moves it.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visible } from '../support/app-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** Counts the page skeletons (a busy child of #root) that the page ever shows from now on. */
async function countSkeletons(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root');
    const seen = ((window as unknown as { __skeletons: Set<Element> }).__skeletons = new Set());
    const look = () => root.querySelectorAll(':scope > [aria-busy="true"]').forEach((el) => seen.add(el));
    look();
    new MutationObserver(look).observe(root, { childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { __skeletons: Set<Element> }).__skeletons.size);
}

/** Home, loaded with the page's clock paused once it is up. */
async function homeWithPausedClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto(`${stack.baseUrl}/`);
  await visible(page.getByTestId('banners'));
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

const rootBusy = (page: Page) => page.locator('#root').getAttribute('aria-busy');
const heldLine = (page: Page) => page.getByTestId('held-move-line');

describe('moving to a screen whose code has not come', () => {
  it('keeps the screen on show until the code comes, then shows the next screen, never the skeleton', async () => {
    const { page, context } = await stack.newPage();
    await homeWithPausedClock(page);
    const skeletons = await countSkeletons(page);
    await page.getByTestId('tab-market').click();
    await visible(page.getByRole('heading', { name: 'Markets' }));
    expect(await skeletons()).toBe(0);
    expect(await rootBusy(page)).toBeNull();
    expect(await heldLine(page).count()).toBe(0);
    await context.close();
  });

  it('shows the skeleton once the hold has passed without the code, and the screen when it comes', async () => {
    const { page, context } = await stack.newPage();
    const held: Route[] = [];
    await page.route('**/assets/MarketPage-*.js', (route) => void held.push(route));
    await homeWithPausedClock(page);
    const skeletons = await countSkeletons(page);
    await page.getByTestId('tab-market').click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.clock.runFor(50);
    // Still home, marked busy for screen readers; the tapped tab is lit at once.
    expect(await rootBusy(page)).toBe('true');
    await visible(page.getByTestId('banners'));
    expect(await page.getByTestId('tab-market').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('tab-home').getAttribute('aria-current')).toBeNull();
    expect(await skeletons()).toBe(0);
    // The line along the top: hidden from screen readers (#root is busy), drawn once its delay passes.
    expect(await heldLine(page).getAttribute('aria-hidden')).toBe('true');
    await expect.poll(() => heldLine(page).evaluate((line) => getComputedStyle(line).opacity)).toBe('1');
    await page.clock.runFor(1000);
    await expect.poll(skeletons).toBe(1);
    expect(await rootBusy(page)).toBeNull();
    expect(await heldLine(page).count()).toBe(0);
    for (const route of held) await route.continue();
    await visible(page.getByRole('heading', { name: 'Markets' }));
    await context.close();
  });
});
