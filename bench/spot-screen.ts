/**
 * The spot screen as a bench target: the order book alone (charts closed), and the same
 * screen with the depth chart open, which reads the book's own subscription. Both at the feed rate
 * of a depth session (`benchSession({ feed: 'depth' })`), so their busy-time ratio is what the
 * depth chart costs the main thread.
 */
import type { BenchPage } from './open-page.ts';
import { closeNoticeBanner, storedSession } from './options-screen.ts';

const BOOK_READY = `document.querySelectorAll('[data-testid="book-bids"] li').length > 0`;

/** The spot screen at /exchange, logged in; with `depthChart` its charts are opened on the depth tab. */
export function spotScreen(baseUrl: string, token: string, symbol: string, depthChart: boolean): BenchPage {
  const name = `${symbol.replace(/usdt$/, '').toUpperCase()}/USDT`;
  return {
    url: `${baseUrl}/exchange?currentSymbol=${symbol}&name=${encodeURIComponent(name)}`,
    ready: BOOK_READY,
    initScripts: [storedSession(token)],
    async prepare(page) {
      await closeNoticeBanner(page);
      if (!depthChart) return;
      // Tapped, as on a phone: a mouse click leaves the pointer over the toggle, and Chromium then
      // hit-tests it for hover after every layout, a cost no phone pays.
      await page.getByTestId('spot-charts-toggle').tap();
      await page.waitForFunction(
        () => {
          const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="depth-chart"] canvas');
          return !!canvas && canvas.width > 0;
        },
        null,
        { timeout: 30_000 },
      );
    },
  };
}
