/**
 * Opens one bench page the way every measurement needs it (DESIGN.md §8): a fresh phone context
 * (playwright.config.ts), probe scripts before the app's own, the main thread throttled over CDP,
 * and the page loaded until its widgets show data and its `prepare` step ran.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { mobileContext } from '../playwright.config.ts';

/** A page to measure and how to tell it is showing live data. */
export interface BenchPage {
  url: string;
  /** A page expression (a string, see measure.ts PROBE) that is true once every widget shows data. */
  ready: string;
  /** Runs after `ready` and before the measurement (e.g. closing a banner). */
  prepare?(page: Page): Promise<void>;
  /** Page scripts that must run before the app's own (e.g. a stored session). */
  initScripts?: string[];
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Uncaught page errors so far; a measurement is void when any occurred. */
  errors: string[];
  /** The page's `performance.now()` when `ready` first held: its first render with data. */
  renderedAt: number;
}

/** Opens `target` throttled `cpuThrottle` times, with `probes` (strings: tsx helpers do not exist in the page) run first. The caller closes `context`. */
export async function openBenchPage(browser: Browser, target: BenchPage, cpuThrottle: number, probes: readonly string[]): Promise<OpenedPage> {
  const { url } = target;
  const context = await browser.newContext(mobileContext);
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const content of [...probes, ...(target.initScripts ?? [])]) await page.addInitScript({ content });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    await cdp.send('Performance.enable');
    await page.goto(url);
    // Polled with page.evaluate: waitForFunction would evaluate the string inside the page, which
    // the app's Content-Security-Policy (no 'unsafe-eval') refuses.
    const until = Date.now() + 60_000;
    while (!(await page.evaluate(target.ready).catch(() => false))) {
      if (Date.now() > until) throw new Error(`${url}: its widgets never showed data (${errors.join('; ') || 'timed out'})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const renderedAt = await page.evaluate(() => performance.now());
    await target.prepare?.(page);
    return { context, page, cdp, errors, renderedAt };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Throws when the page logged uncaught errors: its figures would describe a broken screen. */
export function assertNoPageErrors(opened: OpenedPage, url: string): void {
  if (opened.errors.length) throw new Error(`${url}: page errors: ${opened.errors.join('; ')}`);
}
