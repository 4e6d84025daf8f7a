import type { Page } from 'playwright-core';

/**
 * Evaluates `predicate(arg)` in the page every `everyMs` until it resolves truthy, and returns how
 * long that took. Unlike `page.waitForFunction`, it awaits an async predicate: waitForFunction takes
 * the returned Promise itself as a truthy answer and stops at once.
 */
export async function waitForPage<A>(
  page: Page,
  predicate: (arg: A) => Promise<boolean> | boolean,
  arg: A,
  timeoutMs: number,
  everyMs = 50,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    // Playwright types the page function's argument as its serialized form; ours is plain data.
    if (await page.evaluate<boolean, A>(predicate as never, arg)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`the page condition did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * The trade tape's trades, newest first, as its canvas' label gives them to a screen reader:
 * "time side price amount" each (TradeTape.tsx). Empty before the first trades.
 */
export async function tapeTrades(page: Page): Promise<string[]> {
  const label = await page.getByTestId('trade-tape').getAttribute('aria-label');
  return label ? label.split('; ') : [];
}

/**
 * The tape's rows showing their arrival mark right now, read from the canvas' pixels: the mark is
 * the only paint in the first three CSS pixels of a 22 px row's start edge (left to right here).
 */
export function arrivingTrades(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="trade-tape"]');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.clientWidth === 0) return 0;
    const ratio = canvas.width / canvas.clientWidth;
    const rows = Math.round(canvas.clientHeight / 22);
    let marked = 0;
    for (let row = 0; row < rows; row++) {
      const alpha = context.getImageData(Math.floor(1.5 * ratio), Math.floor((row * 22 + 11) * ratio), 1, 1).data[3];
      if ((alpha ?? 0) > 0) marked++;
    }
    return marked;
  });
}

/**
 * The prices a book side shows, best last for asks and first for bids as drawn, read from its rows'
 * labels ("price size", the texts the row paints; BookSideView).
 */
export function bookPrices(page: Page, side: 'bids' | 'asks'): Promise<string[]> {
  return page.evaluate(
    (testId) =>
      [...document.querySelectorAll(`[data-testid="${testId}"] li:not([hidden]) button`)].map(
        (button) => (button.getAttribute('aria-label') ?? '').split(' ')[0] ?? '',
      ),
    `book-${side}`,
  );
}

/** How many pixels of the first canvas matching `selector` are painted (not transparent). */
export function paintedPixels(page: Page, selector: string): Promise<number> {
  return page.evaluate((target) => {
    const canvas = document.querySelector<HTMLCanvasElement>(target);
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0 || canvas.height === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]) painted++;
    return painted;
  }, selector);
}

/** A digest of a canvas' pixels: equal digests, unchanged pixels (as far as a test needs to know). */
export function canvasDigest(page: Page, selector: string): Promise<string> {
  return page.evaluate((target) => {
    const canvas = document.querySelector<HTMLCanvasElement>(target);
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0 || canvas.height === 0) return '';
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let hash = 0;
    for (let i = 0; i < data.length; i++) hash = (Math.imul(hash, 31) + (data[i] ?? 0)) | 0;
    return `${canvas.width}x${canvas.height}:${hash}`;
  }, selector);
}
