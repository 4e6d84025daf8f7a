/**
 * The screens the fault soak keeps open: the spot screen (order book, ticker) and the
 * options screen's chart view at each period under test (chart, day summary), each in its own phone
 * context with its own market worker, logged in as the demo user. What each screen received is read
 * through the app's QA hook `__marketEngine.observe()` (src/lib/stream-observer.ts).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CandlePeriod } from '../../common/protocol.ts';
import type { ObservedEvent, ObservedSnapshot } from '../../src/lib/stream-observer.ts';
import { CHART_INTERVALS } from '../../src/features/options/api/chart-intervals.ts';
import { mobileContext } from '../../playwright.config.ts';
import { closeNoticeBanner, storedSession } from '../options-screen.ts';

/** The app's QA handle as the soak calls it inside the page. */
interface QaWindow {
  __marketEngine?: {
    observe(): Promise<{ drain(): ObservedEvent[]; snapshot(): ObservedSnapshot }>;
    stats(): Promise<{ connects: number; state: string }>;
  };
}

const SETUP_TIMEOUT_MS = 60_000;

export interface SoakPage {
  /** `spot` or `options 1min` … */
  name: string;
  kind: 'spot' | 'options';
  period?: CandlePeriod;
  context: BrowserContext;
  page: Page;
  /** Everything the screen received since it opened, oldest first. */
  events: ObservedEvent[];
  /** Console errors and uncaught page errors, as text. */
  errors: string[];
}

/** Opens one screen, logged in, with the observer recording from its first values. */
export async function openSoakPage(
  browser: Browser,
  baseUrl: string,
  token: string,
  symbol: string,
  screen: { kind: 'spot' } | { kind: 'options'; period: CandlePeriod },
): Promise<SoakPage> {
  const context = await browser.newContext(mobileContext);
  await context.addInitScript({ content: storedSession(token) });
  const page = await context.newPage();
  const soakPage: SoakPage = {
    name: screen.kind === 'spot' ? 'spot' : `options ${screen.period}`,
    kind: screen.kind,
    period: screen.kind === 'options' ? screen.period : undefined,
    context,
    page,
    events: [],
    errors: [],
  };
  // Console messages of the page's workers arrive here too (ConsoleMessage.worker()).
  page.on('console', (message) => {
    if (message.type() === 'error') soakPage.errors.push(`${soakPage.name}: ${message.text()}`);
  });
  page.on('pageerror', (error) => soakPage.errors.push(`${soakPage.name}: uncaught ${error.message}`));
  const name = encodeURIComponent(`${symbol.replace(/usdt$/, '').toUpperCase()}/USDT`);
  const path = screen.kind === 'spot' ? 'exchange' : 'options';
  await page.goto(`${baseUrl}/${path}?currentSymbol=${symbol}&name=${name}`);
  await page.waitForFunction(() => !!(window as unknown as QaWindow).__marketEngine, null, {
    timeout: SETUP_TIMEOUT_MS,
  });
  await page.evaluate(async () => {
    await (window as unknown as QaWindow).__marketEngine?.observe();
  });
  await closeNoticeBanner(page);
  if (screen.kind === 'options') {
    const label = CHART_INTERVALS.find((interval) => interval.period === screen.period)?.label;
    if (!label) throw new Error(`the options screen offers no ${screen.period} chart`);
    const button = page.locator('main [role="group"] button').filter({ hasText: new RegExp(`^${label}$`) });
    await button.click({ timeout: SETUP_TIMEOUT_MS });
    const until = Date.now() + SETUP_TIMEOUT_MS;
    const hasChart = (): boolean =>
      soakPage.events.some((event) => event.kind === 'candles' && event.period === screen.period && event.bars > 0);
    while (!hasChart()) {
      if (Date.now() > until) throw new Error(`${soakPage.name}: the chart never received its bars`);
      await page.waitForTimeout(200);
      await drainEvents(soakPage);
    }
  }
  return soakPage;
}

/** Moves what the screen received since the last drain into `events`. */
export async function drainEvents(soakPage: SoakPage): Promise<void> {
  const events = await soakPage.page.evaluate(async () => {
    const observer = await (window as unknown as QaWindow).__marketEngine?.observe();
    return observer?.drain() ?? [];
  });
  for (const event of events) soakPage.events.push(event);
}

/** The latest value of every stream the screen received. */
export function snapshotOf(soakPage: SoakPage): Promise<ObservedSnapshot> {
  return soakPage.page.evaluate(async () => {
    const observer = await (window as unknown as QaWindow).__marketEngine?.observe();
    if (!observer) throw new Error('the QA observer is not available');
    return observer.snapshot();
  });
}

/** Sockets the screen's engine has opened so far. */
export function socketConnects(soakPage: SoakPage): Promise<number> {
  return soakPage.page.evaluate(
    async () => (await (window as unknown as QaWindow).__marketEngine?.stats())?.connects ?? 0,
  );
}
