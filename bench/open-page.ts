/**
 * Opens one bench page the way every measurement needs it (docs/performance.md#budgets): a fresh phone context
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

const READY_TIMEOUT_MS = 60_000;
const POLL_MS = 100;

/**
 * Polls the page expression `expression` from here until it is true; false when `timeoutMs` ran out.
 * Not `page.waitForFunction`: with a string it evaluates the expression with the page's own eval,
 * which the app's Content-Security-Policy (no 'unsafe-eval') refuses; `page.evaluate` of a string goes
 * through the debugging protocol instead. Nor a locator: its first use evaluates Playwright's injected
 * script in the page (50-100 ms of main thread at 4x throttle), and its waits poll the page every frame,
 * which a soak would count as the app's long tasks and frames.
 */
export async function pollUntil(page: Page, expression: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/** The middle of the element that the page expression `element` names once it is shown within `timeoutMs`, else null. */
async function shownCentre(page: Page, element: string, timeoutMs: number): Promise<{ x: number; y: number } | null> {
  const centre = `((el) => {
    const box = el?.getBoundingClientRect();
    return box && box.width > 0 && box.height > 0 ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  })(${element})`;
  if (!(await pollUntil(page, `${centre} !== null`, timeoutMs))) return null;
  return (await page.evaluate(centre)) as { x: number; y: number } | null;
}

/**
 * The middle of the element that the page expression `element` names, once it is shown (within
 * `timeoutMs`). Read with `page.evaluate`, so nothing of Playwright's runs in the page (see pollUntil).
 */
export async function centreOf(page: Page, element: string, timeoutMs = 30_000): Promise<{ x: number; y: number }> {
  const point = await shownCentre(page, element, timeoutMs);
  if (!point) throw new Error(`nothing shown to tap within ${timeoutMs} ms: ${element}`);
  return point;
}

/**
 * Taps the middle of the first element matching `selector` once it is shown (within `timeoutMs`), as a
 * touch sent over the debugging protocol; false when it never showed.
 */
export async function tapWhenShown(page: Page, selector: string, timeoutMs: number): Promise<boolean> {
  const point = await shownCentre(page, `document.querySelector(${JSON.stringify(selector)})`, timeoutMs);
  if (!point) return false;
  await page.touchscreen.tap(point.x, point.y);
  return true;
}

/** Opens `target` throttled `cpuThrottle` times, with `probes` (strings: tsx helpers do not exist in the page) run first. The caller closes `context`. */
export async function openBenchPage(
  browser: Browser,
  target: BenchPage,
  cpuThrottle: number,
  probes: readonly string[],
): Promise<OpenedPage> {
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
    if (!(await pollUntil(page, target.ready, READY_TIMEOUT_MS))) {
      throw new Error(
        `${url}: its widgets never showed data within ${READY_TIMEOUT_MS} ms (${errors.join('; ') || target.ready.trim()})`,
      );
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
