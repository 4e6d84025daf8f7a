/**
 * End to end: the app under its Content-Security-Policy in Chromium. Every main screen
 * loads, shows its live data (so the market worker's socket and polls got through), and raises no
 * `securitypolicyviolation` event and no CSP refusal in the console; an inline script injected into
 * the page is refused, which shows the policy is on and the watch sees what it refuses. The bench's
 * pages, served by the same server, run under the same policy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBenchPages } from '../../../bench/build-pages.ts';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';
import { loginViaUi, visible, UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import { bookPrices, waitForPage } from '../support/market-helpers.ts';
import { dismissNoticeBanner } from '../support/trading-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** Runs in every document before its own scripts: keeps each violation the page reports. */
function recordViolations(): void {
  const seen: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(
      `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
    );
  });
}

/** Everything refused so far: the page's violation events and Chromium's CSP console messages. */
interface Watch {
  refusals(page: Page): Promise<string[]>;
}

async function watchPolicy(context: BrowserContext, page: Page): Promise<Watch> {
  await context.addInitScript(recordViolations);
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return {
    async refusals(current) {
      // Violation events are queued as tasks; one more task turn lets any pending one arrive.
      const events = await current.evaluate(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        return (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [];
      });
      return [...events, ...console];
    },
  };
}

/** Filled rows of one side of the spot book. */
const filledBookRows = async (page: Page, side: 'bids' | 'asks') =>
  (await bookPrices(page, side)).filter((price) => Number(price) > 0).length;

describe('the Content-Security-Policy in the browser', () => {
  it('lets home, market, spot, options and login run without a single refusal', async () => {
    // With the service worker, whose script and precache the policy must allow too.
    const { page, context } = await stack.newPage({ serviceWorker: true });
    const watch = await watchPolicy(context, page);

    const login = await page.goto(`${stack.baseUrl}/login`);
    const policy = login?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(policy).toContain("frame-ancestors 'none'");
    await visible(page.getByLabel('Account', { exact: true }));
    expect(await watch.refusals(page), 'login').toEqual([]);

    await loginViaUi(page, stack.baseUrl, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    await visible(page.getByTestId('market-carousel'));
    await visible(page.getByTestId('menu-grid'));
    expect(await watch.refusals(page), 'home').toEqual([]);

    await page.goto(`${stack.baseUrl}/market`);
    await visible(page.getByTestId('market-row'));
    expect(await watch.refusals(page), 'market').toEqual([]);

    await page.goto(`${stack.baseUrl}/exchange?currentSymbol=btcusdt&name=BTC/USDT`);
    await dismissNoticeBanner(page);
    await expect.poll(() => filledBookRows(page, 'bids'), { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
    await expect.poll(() => filledBookRows(page, 'asks'), { timeout: UI_TIMEOUT_MS }).toBeGreaterThan(0);
    expect(await watch.refusals(page), 'spot').toEqual([]);

    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt`);
    const chart = await visible(page.getByTestId('candle-chart'));
    await chart.locator('canvas').first().waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
    await page.getByTestId('candle-chart').getByRole('status').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    expect(await watch.refusals(page), 'options').toEqual([]);
    // The chart library's licence link, drawn by the app instead of the library's styled logo.
    expect(await page.getByTestId('chart-attribution').getAttribute('href')).toBe('https://www.tradingview.com/');
    expect(await page.locator('#tv-attr-logo').count()).toBe(0);
    await context.close();
  });

  it('refuses an inline script injected into the page, and the watch sees it', async () => {
    const { page, context } = await stack.newPage();
    const watch = await watchPolicy(context, page);
    await page.goto(`${stack.baseUrl}/`);
    await visible(page.getByTestId('menu-grid'));
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injectedRan = true;';
      document.head.append(script);
      return (window as unknown as { __injectedRan?: boolean }).__injectedRan === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(
        async () => (await watch.refusals(page)).some((text) => text.startsWith('script-src-elem blocked inline')),
        { timeout: UI_TIMEOUT_MS },
      )
      .toBe(true);
    await context.close();
  });
});

describe('the bench pages under the policy', () => {
  let benchStack: Stack;
  let pagesDir: string;
  beforeAll(async () => {
    pagesDir = mkdtempSync(join(tmpdir(), 'e2e-csp-bench-'));
    await buildBenchPages(pagesDir, ['index', 'reference', 'react-floor']);
    benchStack = await startStack({ STATIC_DIR: pagesDir });
  }, 120_000);
  afterAll(async () => {
    await benchStack?.stop();
    if (pagesDir) rmSync(pagesDir, { recursive: true, force: true });
  });

  it('run the reference page and the market test page, with their workers, without a refusal', async () => {
    const { page, context } = await benchStack.newPage();
    const watch = await watchPolicy(context, page);
    await page.goto(`${benchStack.baseUrl}/reference.html?symbol=btcusdt`);
    // The chart's bars (history, then the socket) and the day summary (its own REST poll) both arrive.
    await waitForPage(
      page,
      () =>
        ((window as unknown as { __referenceStats?: { bars: number } }).__referenceStats?.bars ?? 0) > 0 &&
        /^\d+\.\d{6}$/.test(document.getElementById('close')?.textContent ?? ''),
      null,
      UI_TIMEOUT_MS,
    );
    expect(await watch.refusals(page), 'reference page').toEqual([]);

    await page.goto(`${benchStack.baseUrl}/index.html?symbol=btcusdt`);
    await waitForPage(
      page,
      () => document.querySelectorAll('.bids li').length > 0 && document.querySelectorAll('.chart canvas').length > 0,
      null,
      UI_TIMEOUT_MS,
    );
    expect(await watch.refusals(page), 'market test page').toEqual([]);
    await context.close();
  });

  it('run the tap floor rendered by React, its button sized and counting, without a refusal', async () => {
    const { page, context } = await benchStack.newPage();
    const watch = await watchPolicy(context, page);
    await page.goto(`${benchStack.baseUrl}/react-floor.html`);
    const button = page.locator('#tap');
    await button.click();
    await waitForPage(page, () => document.getElementById('tap')?.textContent === '1', null, UI_TIMEOUT_MS);
    expect(await button.evaluate((element) => element.getBoundingClientRect().width)).toBe(200);
    expect(await watch.refusals(page), 'React tap floor').toEqual([]);
    await context.close();
  });
});
