/**
 * The spot screen as a bench target (issue 15): the order book alone (charts closed), and the same
 * screen with the depth chart open, which reads the book's own subscription. Both at the feed rate
 * of a depth session (`benchSession({ feed: 'depth' })`), so their busy-time ratio is what the
 * depth chart costs the main thread.
 */
import type { Page } from 'playwright-core';
import type { BenchPage } from './open-page.ts';
import { storedSession } from './options-screen.ts';

const BOOK_READY = `document.querySelectorAll('[data-testid="book-bids"] li').length > 0`;

async function closeBanner(page: Page): Promise<void> {
  const banner = page.getByTestId('notice-banner');
  try {
    await banner.waitFor({ state: 'visible', timeout: 5000 });
  } catch {
    return;
  }
  await banner.getByRole('button', { name: 'Close notice' }).click();
  await banner.waitFor({ state: 'detached', timeout: 15_000 });
}

/** The spot screen at /exchange, logged in; with `depthChart` its charts are opened on the depth tab. */
export function spotScreen(baseUrl: string, token: string, symbol: string, depthChart: boolean): BenchPage {
  const name = `${symbol.replace(/usdt$/, '').toUpperCase()}/USDT`;
  return {
    url: `${baseUrl}/exchange?currentSymbol=${symbol}&name=${encodeURIComponent(name)}`,
    ready: BOOK_READY,
    initScripts: [storedSession(token)],
    async prepare(page) {
      await closeBanner(page);
      if (!depthChart) return;
      await page.getByTestId('spot-charts-toggle').click();
      await page.waitForFunction(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="depth-chart"] canvas');
        return !!canvas && canvas.width > 0;
      }, null, { timeout: 30_000 });
    },
  };
}
