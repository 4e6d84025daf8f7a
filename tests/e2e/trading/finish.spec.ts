/**
 * What a demanding trader saw on the screens, each checked in Chromium by its computed
 * style, layout box or painted text.
 */
import Big from 'big.js';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.ts';
import { afterFrames, visible, UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import {
  contrastOf,
  demoToken,
  narrowScreenFaults,
  overlapping,
  paintedOrder,
  screenPage,
} from '../support/screen-checks.ts';
import { apiData, eventually } from '../support/trading-helpers.ts';
import { bookPrices, tapeTrades } from '../support/market-helpers.ts';

interface Item {
  id: number;
  symbol: string;
  title: string;
  close: string;
  price_precision?: number;
}

let stack: Stack;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  token = await demoToken(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
});

async function marketList(): Promise<Item[]> {
  const response = await fetch(`${stack.baseUrl}/api/index/getMarketList`, { method: 'POST' });
  return ((await response.json()) as { data: { list: Item[] } }).data.list;
}

const decimalsOf = (text: string): number => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

/** V8's explicit compile hint, which works only as a file's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The first characters of `url` as the server sends it in each encoding a browser may get (the
 * server sends the build's brotli and gzip copies as they are), decoded by fetch.
 */
async function openingInEachEncoding(
  url: string,
): Promise<Record<string, { encoding: string | null; opening: string }>> {
  const served: Record<string, { encoding: string | null; opening: string }> = {};
  for (const asked of ['br', 'gzip', 'identity']) {
    const response = await fetch(url, { headers: { 'Accept-Encoding': asked } });
    expect(response.ok).toBe(true);
    served[asked] = {
      encoding: response.headers.get('content-encoding'),
      opening: (await response.text()).slice(0, COMPILE_HINT.length),
    };
  }
  return served;
}

/** What every encoding of a chunk carrying the compile hint looks like. */
const HINTED_IN_EACH_ENCODING = {
  br: { encoding: 'br', opening: COMPILE_HINT },
  gzip: { encoding: 'gzip', opening: COMPILE_HINT },
  identity: { encoding: null, opening: COMPILE_HINT },
};

/** Records when each Intl.NumberFormat is made (ms since the epoch, comparable between the page and its workers). */
const RECORD_NUMBER_FORMATS = `(() => {
  const made = [];
  globalThis.__numberFormats = made;
  Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
    construct(target, args, newTarget) {
      made.push(performance.timeOrigin + performance.now());
      return Reflect.construct(target, args, newTarget);
    },
  });
})();`;

/** Waits for the shell's notice banner (the demo user has an unread notice). */
async function banner(page: Page) {
  return visible(page.getByTestId('notice-banner'));
}

describe('markets list', () => {
  it.each(['day', 'night'] as const)(
    'gives every change its up/down colour and sign, readable in the %s theme',
    async (theme) => {
      const { page, context } = await screenPage(stack, { theme });
      await page.goto(`${stack.baseUrl}/market`);
      await visible(page.getByTestId('market-row'));
      const changes = await contrastOf(page, '[data-testid="market-row"] [data-direction]');
      expect(changes.length).toBeGreaterThan(0);
      for (const change of changes) {
        expect(change.ratio, `${change.text}: ${change.colour} on ${change.background}`).toBeGreaterThanOrEqual(4.5);
      }
      const byDirection = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="market-row"] [data-direction]')].map((el) => ({
          direction: el.dataset.direction,
          text: el.textContent ?? '',
          fill: getComputedStyle(el).backgroundColor,
          colour: getComputedStyle(el).color,
        })),
      );
      for (const change of byDirection) {
        if (change.direction === 'up') expect(change.text).toMatch(/▲\s*\+/);
        if (change.direction === 'down') expect(change.text).toMatch(/▼\s*-/);
      }
      const ups = byDirection.filter((c) => c.direction === 'up');
      const downs = byDirection.filter((c) => c.direction === 'down');
      if (ups[0] && downs[0]) expect(`${ups[0].fill} ${ups[0].colour}`).not.toBe(`${downs[0].fill} ${downs[0].colour}`);
      await context.close();
    },
  );
});

describe('notice banner', () => {
  it('covers nothing on home: the page makes room for it', async () => {
    const { page, context } = await screenPage(stack, { token });
    await page.goto(`${stack.baseUrl}/`);
    await banner(page);
    await visible(page.getByTestId('menu-grid'));
    for (const scroll of ['top', 'bottom'] as const) {
      await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight), scroll);
      expect(
        await overlapping(
          page,
          '[data-testid="notice-banner"]',
          '[data-testid="menu-grid"] > *, [data-testid="banners"], [data-testid="ranking"] li',
        ),
      ).toEqual([]);
    }
    await context.close();
  });

  it('covers neither the order list nor the trade tape on the spot screen', async () => {
    const { page, context } = await screenPage(stack, { token });
    await page.goto(`${stack.baseUrl}/exchange?currentSymbol=btcusdt&name=BTC/USDT`);
    await banner(page);
    await visible(page.getByTestId('trade-tape'));
    for (const scroll of ['top', 'bottom'] as const) {
      await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight), scroll);
      expect(
        await overlapping(
          page,
          '[data-testid="notice-banner"]',
          '[data-testid="my-orders"], [data-testid="trade-tape"], main button, main input',
        ),
      ).toEqual([]);
    }
    await context.close();
  });
});

describe('spot screen', () => {
  it('shows book, last price, tape and price field at the pair precision, 6 decimals at most', async () => {
    const btc = (await marketList()).find((p) => p.symbol === 'btcusdt') as Item;
    const decimals = Math.min(btc.price_precision ?? 6, 6);
    const { page, context } = await screenPage(stack, { token });
    await page.goto(`${stack.baseUrl}/exchange?currentSymbol=btcusdt&name=BTC/USDT`);
    const asks = await visible(page.getByTestId('book-asks').locator('li'));
    await visible(page.getByTestId('trade-tape'));
    const askPrices = await bookPrices(page, 'asks');
    expect(askPrices.length).toBeGreaterThan(0);
    for (const price of askPrices) expect(decimalsOf(price.trim())).toBe(decimals);
    expect(decimalsOf((await page.getByTestId('book-last').textContent())?.trim() ?? '')).toBe(decimals);
    const field = await eventually(
      () => page.getByLabel('Price (USDT)').inputValue(),
      (value) => value !== '',
      'the prefilled price',
    );
    expect(decimalsOf(field)).toBe(decimals);
    expect(asks).toBeTruthy();
    await context.close();
  });

  it.each([320, 375])(
    'lays the form out cleanly at %i px: one label size, unbroken figures, one-line tabs and grouping label, the book as tall as the form',
    async (width) => {
      const { page, context } = await screenPage(stack, { token, width });
      await page.goto(`${stack.baseUrl}/exchange?currentSymbol=btcusdt&name=BTC/USDT`);
      await visible(page.getByTestId('book-bids').locator('li'));
      await eventually(
        () => page.getByTestId('available').textContent(),
        (text) => /\d/.test(text ?? ''),
        'the balance',
      );
      const layout = await page.evaluate(() => {
        const form = document.querySelector('section[aria-label="Place an order"]') as HTMLElement;
        const book = document.querySelector('section[aria-label="Order book"]') as HTMLElement;
        const labelSizes = [...form.querySelectorAll('label')].map((label) => {
          const text =
            [...label.querySelectorAll('*')].find(
              (el) => el.children.length === 0 && (el.textContent ?? '').trim() !== '',
            ) ?? label;
          return getComputedStyle(text).fontSize;
        });
        const lines = (el: Element) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        };
        // The lines the available amount's digits are painted on.
        const amountLines = (() => {
          const available = document.querySelector('[data-testid="available"]') as HTMLElement;
          const walker = document.createTreeWalker(available, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const match = /\d[\d.]*/.exec(node.textContent ?? '');
            if (!match) continue;
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          }
          return 0;
        })();
        const openTab = [...document.querySelectorAll('[role="tab"]')].find(
          (tab) => tab.textContent === 'Open orders',
        ) as HTMLElement;
        return {
          labelSizes,
          amountLines,
          openTabLines: lines(openTab),
          groupingLines: lines(
            document
              .querySelector('[data-testid="book-grouping"]')
              ?.closest('label')
              ?.querySelector('span') as HTMLElement,
          ),
          formBottom: (form.lastElementChild as HTMLElement).getBoundingClientRect().bottom,
          // The book's content (its last row of controls), not its box, which the grid stretches anyway.
          bookBottom: (book.lastElementChild as HTMLElement).getBoundingClientRect().bottom,
          priceInput: (() => {
            const input = document.querySelector('input[inputmode="decimal"]') as HTMLInputElement;
            return { scroll: input.scrollWidth, client: input.clientWidth };
          })(),
        };
      });
      expect.soft(new Set(layout.labelSizes).size, `label sizes ${layout.labelSizes.join(', ')}`).toBe(1);
      expect.soft(layout.amountLines, 'lines of the available amount').toBe(1);
      expect.soft(layout.openTabLines, 'lines of the Open orders tab').toBe(1);
      expect.soft(layout.groupingLines, 'lines of the Group prices label').toBe(1);
      expect.soft(Math.abs(layout.bookBottom - layout.formBottom), 'book bottom vs form bottom').toBeLessThanOrEqual(8);
      expect
        .soft(layout.priceInput.scroll, 'price text width vs its field')
        .toBeLessThanOrEqual(layout.priceInput.client);
      await context.close();
    },
  );
});

describe('pair drawer', () => {
  it.each(['en', 'ar'])('keeps every pair, price and change clear of its star on a 320 px phone (%s)', async (lang) => {
    const { page, context } = await screenPage(stack, { token, lang, width: 320 });
    await page.goto(`${stack.baseUrl}/exchange?currentSymbol=btcusdt&name=BTC/USDT`);
    await page.getByTestId('symbol-button').click();
    await visible(page.getByTestId('symbol-drawer').locator('li').first());
    const faults = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="symbol-drawer"] li')].flatMap((item) => {
        const [row, star] = [item.firstElementChild as HTMLElement, item.lastElementChild as HTMLElement];
        const box = row.getBoundingClientRect();
        const starBox = star.getBoundingClientRect();
        return [...row.children].flatMap((figure) => {
          const r = figure.getBoundingClientRect();
          const name = `${row.textContent?.trim().slice(0, 30)}: ${figure.textContent?.trim()}`;
          const outside = r.left < box.left - 0.5 || r.right > box.right + 0.5;
          const onStar =
            r.left < starBox.right && r.right > starBox.left && r.top < starBox.bottom && r.bottom > starBox.top;
          return outside || onStar ? [name] : [];
        });
      }),
    );
    expect(faults).toEqual([]);
    await context.close();
  });
});

describe('order cards at 320 px', () => {
  it('keep the side, the pair and the time each on one line in zh-cn and ar, the time moving below when they do not fit', async () => {
    const btc = (await marketList()).find((p) => p.symbol === 'btcusdt') as Item;
    const price = new Big(btc.close).div(3).round(2, Big.roundDown).toFixed(2);
    await apiData(stack.baseUrl, token, '/Trade/upbbbuy', {
      m_id: btc.id,
      type: 1,
      operate_type: 1,
      price,
      num: '0.001',
      amount: '',
    });
    for (const lang of ['zh-cn', 'ar']) {
      const { page, context } = await screenPage(stack, { token, lang, width: 320 });
      await page.goto(`${stack.baseUrl}/trade-lst`);
      await visible(page.getByTestId('spot-order'));
      // "▲ 买入 · 限价" broke as "限 / 价", and the date from its time, when the three parts shared one line.
      const lines = await page.evaluate(() =>
        [...(document.querySelector('[data-testid="spot-order"] > div:first-child')?.children ?? [])].map((part) => {
          const range = document.createRange();
          range.selectNodeContents(part);
          return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
        }),
      );
      expect(lines, lang).toEqual([1, 1, 1]);
      await context.close();
    }
  });
});

describe('times', () => {
  it('shows trade and order times on a 24-hour clock in the app language, not the browser one', async () => {
    const btc = (await marketList()).find((p) => p.symbol === 'btcusdt') as Item;
    const price = new Big(btc.close).div(3).round(2, Big.roundDown).toFixed(2);
    await apiData(stack.baseUrl, token, '/Trade/upbbbuy', {
      m_id: btc.id,
      type: 1,
      operate_type: 1,
      price,
      num: '0.001',
      amount: '',
    });
    // The browser speaks en-US (playwright.config.ts); the app is set to Chinese.
    const { page, context } = await screenPage(stack, { token, lang: 'zh-cn' });
    await page.goto(`${stack.baseUrl}/exchange?currentSymbol=btcusdt&name=BTC/USDT`);
    const tape = (
      await eventually(
        () => tapeTrades(page),
        (trades) => trades.length > 0,
        'trades on the tape',
      )
    ).map((trade) => trade.split(' ')[0]);
    for (const time of tape) expect(time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const order = await visible(page.getByTestId('my-orders').getByTestId('spot-order'));
    const orderTime = (await order.locator('> div:first-child > span:last-child').textContent())?.trim() ?? '';
    // Year first, as in every language (docs/numbers-and-dates.md); en-US would be 5/31/2024, 2:41:08 PM.
    expect(orderTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await context.close();
  });
});

describe('options screen', () => {
  it('shows in the header the very price the chart draws as its last price', async () => {
    const { page, context } = await screenPage(stack, { token });
    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
    await visible(page.getByTestId('day-close'));
    await page.locator('[data-testid="candle-chart"][data-last-close]').waitFor({ timeout: UI_TIMEOUT_MS });
    const decimals = Math.min((await marketList()).find((p) => p.symbol === 'btcusdt')?.price_precision ?? 6, 6);
    const both = () =>
      page.evaluate(() => ({
        header: document.querySelector('[data-testid="day-close"]')?.textContent ?? '',
        chart: document.querySelector('[data-testid="candle-chart"]')?.getAttribute('data-last-close') ?? '',
      }));
    // Five closes in a row, each read as the chart draws it.
    let drawn = '';
    for (let i = 0; i < 5; i++) {
      const now = await eventually(both, (read) => read.chart !== drawn, 'the chart to draw a new close');
      expect(now.header).toBe(new Big(now.chart).round(decimals, Big.roundDown).toFixed(decimals));
      drawn = now.chart;
    }
    await context.close();
  });
});

describe('options chart above its order bar', () => {
  /** The chart's box and the fixed order bar, as laid out now. */
  const boxes = (page: Page) =>
    page.evaluate(() => {
      const chart = document.querySelector('[data-testid="candle-chart"]')?.getBoundingClientRect();
      const canvases = [...document.querySelectorAll('[data-testid="candle-chart"] canvas')].map(
        (c) => c.getBoundingClientRect().bottom,
      );
      const bar = document.querySelector('[data-testid="order-bar"]')?.getBoundingClientRect();
      return {
        chartBottom: chart?.bottom ?? 0,
        chartHeight: chart?.height ?? 0,
        lowestCanvas: Math.max(...canvases),
        barTop: bar?.top ?? 0,
      };
    });

  /** Starts watching, in every frame, how far the chart's box runs over the bar and how tall it gets. */
  const watchOverlap = (page: Page) =>
    page.evaluate(() => {
      const seen = { framesOverBar: 0, tallest: 0, watching: true };
      (window as unknown as { fitSeen: typeof seen }).fitSeen = seen;
      const frame = () => {
        const chart = document.querySelector('[data-testid="candle-chart"]')?.getBoundingClientRect();
        const bar = document.querySelector('[data-testid="order-bar"]')?.getBoundingClientRect();
        if (chart && bar) {
          if (chart.bottom > bar.top) seen.framesOverBar += 1;
          seen.tallest = Math.max(seen.tallest, chart.height);
        }
        if (seen.watching) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  /** Stops the watch and gives what it saw. */
  const overlapWatched = (page: Page) =>
    page.evaluate(() => {
      const seen = (window as unknown as { fitSeen: { framesOverBar: number; tallest: number; watching: boolean } })
        .fitSeen;
      seen.watching = false;
      return { framesOverBar: seen.framesOverBar, tallest: seen.tallest };
    });

  it('ends above the bar on a 375 × 667 phone, volume and time axis in view, and keeps its full height on a taller one', async () => {
    const { page, context } = await screenPage(stack, { token, theme: 'night' });
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
    await page.locator('[data-testid="candle-chart"][data-last-close]').waitFor({ timeout: UI_TIMEOUT_MS });
    // Fitted from the screen's own top, while the notice banner above it still shows.
    const withBanner = await eventually(
      () => boxes(page),
      (b) => b.chartHeight < 300,
      'the chart to fit the short phone',
    );
    expect(withBanner.chartHeight).toBeGreaterThanOrEqual(180);
    await (await banner(page)).getByRole('button', { name: 'Close notice' }).tap();
    await page.getByTestId('notice-banner').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    // Before, the chart kept 300 px and the bar covered its lower 90: the volume bars and the time axis.
    const short = await eventually(
      () => boxes(page),
      (b) => b.chartBottom <= b.barTop && b.lowestCanvas <= b.barTop,
      'the chart to end above the order bar',
    );
    // The banner closing does not resize the chart (a full redraw on cold code).
    expect(short.chartHeight).toBe(withBanner.chartHeight);
    await page.setViewportSize({ width: 375, height: 812 });
    const tall = await eventually(
      () => boxes(page),
      (b) => b.chartHeight === 300,
      'the chart to take its full height again',
    );
    expect(tall.chartBottom).toBeLessThanOrEqual(tall.barTop);
    // An indicator pane makes the box taller (300 to 420 px, fitted), still above the bar; without it, 300 again.
    // Watched in every frame from before the tap: the box refits as the pane comes, never showing its
    // unfitted 420 px over the bar for a frame (it once did, and a poll landing in that frame failed).
    await watchOverlap(page);
    await page.getByTestId('study-macd').click();
    const withPane = await eventually(
      () => boxes(page),
      (b) => b.chartHeight > 300,
      'the chart to grow for its MACD pane',
    );
    expect(withPane.chartHeight).toBeLessThanOrEqual(420);
    expect(withPane.chartBottom).toBeLessThanOrEqual(withPane.barTop);
    await page.getByTestId('study-macd').click();
    await eventually(
      () => boxes(page),
      (b) => b.chartHeight === 300,
      'the chart to shrink back without the pane',
    );
    expect(await overlapWatched(page)).toEqual({ framesOverBar: 0, tallest: withPane.chartHeight });
    await context.close();
  });
});

describe('options chart', () => {
  /** The chart's panes: lightweight-charts lays each out as a table row holding a canvas wider than the price axis. */
  const panes = (page: Page) =>
    page.evaluate(
      () =>
        [...document.querySelectorAll('[data-testid="candle-chart"] table tr')].filter((row) =>
          [...row.querySelectorAll('canvas')].some((c) => c.clientWidth > 100 && c.clientHeight > 40),
        ).length,
    );

  it.each(['en', 'ar'])('brings the chosen interval into view on a 320 px phone (%s)', async (lang) => {
    const { page, context } = await screenPage(stack, { token, lang, width: 320 });
    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
    const strip = await visible(page.getByTestId('chart-intervals'));
    // The strip is wider than the phone: the test means something only while it scrolls.
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const shown = () =>
      strip.evaluate((el) => {
        const chosen = el.querySelector('[aria-pressed="true"]')?.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return !!chosen && chosen.left >= box.left - 0.5 && chosen.right <= box.right + 0.5;
      });
    await eventually(shown, (inView) => inView, 'the chosen interval in view');
    await context.close();
  });

  it.each(['en', 'ar'])(
    'fits the quantity and duration picker on a 320 px phone, its title clear of the start edge (%s)',
    async (lang) => {
      const { page, context } = await screenPage(stack, { token, lang, width: 320 });
      await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
      await (await visible(page.getByTestId('selection-button'))).click();
      const picker = await visible(page.getByTestId('option-picker'));
      const outside = await picker.evaluate((dialog) =>
        [...dialog.querySelectorAll('*')]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5);
          })
          .map((el) => `${el.tagName} ${el.textContent?.trim().slice(0, 20) ?? ''}`),
      );
      expect(outside).toEqual([]);
      expect(
        await picker
          .locator('[class*="body"]')
          .first()
          .evaluate((body) => body.scrollWidth <= body.clientWidth),
      ).toBe(true);
      // The title keeps the content's 16 px from the start edge, the right one in Arabic.
      const titleGap = await picker.evaluate((dialog, rtl) => {
        const sheet = dialog.getBoundingClientRect();
        const title = dialog.querySelector('h2')!.getBoundingClientRect();
        return rtl ? sheet.right - title.right : title.left - sheet.left;
      }, lang === 'ar');
      expect(titleGap).toBeGreaterThanOrEqual(15.5);
      await context.close();
    },
  );

  it.each(['en', 'ar', 'zh-cn'])(
    'keeps every figure of the order confirmation on one line on a 320 px phone, the largest stake chosen (%s)',
    async (lang) => {
      const { page, context } = await screenPage(stack, { token, lang, width: 320 });
      await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
      await (await visible(page.getByTestId('selection-button'))).click();
      const picker = await visible(page.getByTestId('option-picker'));
      // The longest duration and the largest quantity make the longest figures the dialog shows.
      await picker.locator('[data-testid^="duration-"]').last().click();
      await picker.locator('[data-testid^="quantity-"]').last().click();
      await picker.getByTestId('picker-confirm').click();
      await page.getByTestId('option-picker').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await page.getByTestId('buy-up').click();
      const confirm = await visible(page.getByTestId('option-confirm'));
      await visible(confirm.getByTestId('payout-up'));
      // Before, at 320 px the payout's coin fell to a line of its own under "111.00000000".
      const { brokenNumbers, brokenValues, sideways } = await narrowScreenFaults(page);
      expect({ brokenNumbers, brokenValues, sideways }).toEqual({ brokenNumbers: [], brokenValues: [], sideways: 0 });
      await context.close();
    },
  );

  it('draws volume under the candles in their pane, and gives MACD a pane of its own', async () => {
    const { page, context } = await screenPage(stack, { token });
    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
    await page.locator('[data-testid="candle-chart"][data-last-close]').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('study-vol').getAttribute('aria-pressed')).toBe('true');
    // A pane of its own would be four more canvases to raster on every live update (long tasks).
    await eventually(
      () => panes(page),
      (count) => count === 1,
      'one pane',
    );
    await page.getByTestId('study-macd').click();
    await page.locator('[data-testid="candle-chart"][data-last-close]').waitFor({ timeout: UI_TIMEOUT_MS });
    await eventually(
      () => panes(page),
      (count) => count === 2,
      'the MACD pane',
    );
    await context.close();
  });

  /**
   * Lines are thin and blended at their edges, so read what the page strokes, not its pixels: for each
   * stroke colour, how far left and right its newest path reached (in CSS px of its canvas).
   */
  const recordStrokes = (context: BrowserContext) =>
    context.addInitScript({
      content: `
        window.__strokes = {};
        const proto = CanvasRenderingContext2D.prototype;
        const { beginPath, moveTo, lineTo, stroke } = proto;
        proto.beginPath = function (...args) { this.__path = null; return beginPath.apply(this, args); };
        const extend = (ctx, x) => {
          const m = ctx.getTransform();
          const at = (m.a * x + m.e) / (ctx.canvas.width / (ctx.canvas.clientWidth || 1));
          ctx.__path = ctx.__path ? { left: Math.min(ctx.__path.left, at), right: Math.max(ctx.__path.right, at) } : { left: at, right: at };
        };
        proto.moveTo = function (x, y) { extend(this, x); return moveTo.call(this, x, y); };
        proto.lineTo = function (x, y) { extend(this, x); return lineTo.call(this, x, y); };
        proto.stroke = function (...args) {
          if (this.__path && typeof this.strokeStyle === 'string') window.__strokes[this.strokeStyle] = { ...this.__path, width: this.canvas.clientWidth };
          return stroke.apply(this, args);
        };
      `,
    });
  type Stroke = { left: number; right: number; width: number };
  const strokes = (page: Page) =>
    page.evaluate(() => (window as unknown as { __strokes: Record<string, Stroke> }).__strokes);
  const clearStrokes = (page: Page) =>
    page.evaluate(() => void ((window as unknown as { __strokes: Record<string, Stroke> }).__strokes = {}));

  it("draws the four moving averages over the candles from the pane's left edge to the newest bar, and none once MA is off", async () => {
    const { page, context } = await screenPage(stack, { token });
    await recordStrokes(context);
    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
    await page.locator('[data-testid="candle-chart"][data-last-close]').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('study-ma').getAttribute('aria-pressed')).toBe('true');
    // MarketChart's MA_COLOURS.
    const colours = ['#f5a623', '#2f6bff', '#a855f7', '#14b8a6'];
    // History runs off the left edge; the newest bar sits RIGHT_MARGIN_PX (32) from the right end.
    const across = (line: Stroke | undefined) =>
      !!line && line.left <= 0 && line.right > line.width - 32 - 8 && line.right <= line.width;
    const drawn = await eventually(
      () => strokes(page),
      (seen) => colours.every((colour) => across(seen[colour])),
      'four MA lines across the pane',
    );
    expect(colours.map((colour) => across(drawn[colour]))).toEqual([true, true, true, true]);
    await page.getByTestId('study-ma').click();
    await clearStrokes(page);
    // Painted again (the grid and the candles' wicks are strokes too) through a few live redraws.
    for (let redraw = 0; redraw < 3; redraw++) {
      await clearStrokes(page);
      const seen = await eventually(
        () => strokes(page),
        (painted) => Object.keys(painted).length > 0,
        'the chart painted again',
      );
      expect(Object.keys(seen).filter((colour) => colours.includes(colour))).toEqual([]);
    }
    await context.close();
  });

  /** Canvas text is not in the DOM: the page records what it paints. */
  const recordPaintedText = (context: BrowserContext) =>
    context.addInitScript({
      content: `
        window.__painted = new Set();
        const fillText = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
          window.__painted.add(String(text));
          return fillText.call(this, text, ...rest);
        };
      `,
    });
  const paintedText = (page: Page) =>
    page.evaluate(() => [...(window as unknown as { __painted: Set<string> }).__painted]);

  it.each(['ar', 'zh-cn'])(
    "paints no label past its canvas' end, the newest tick of every interval whole (%s)",
    async (lang) => {
      const { page, context } = await screenPage(stack, { token, lang });
      // Where each text ends, in the canvas' own pixels, from the context's transform and alignment. The
      // left end is history: a label sliding in there as the chart pans is cut, as in any chart.
      await context.addInitScript({
        content: `
        window.__clipped = [];
        const fillText = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function (text, x, ...rest) {
          const width = this.measureText(text).width;
          const align = this.textAlign;
          const rtl = getComputedStyle(this.canvas).direction === 'rtl';
          const fromRight = align === 'right' || (align === 'end' && !rtl) || (align === 'start' && rtl);
          const start = align === 'center' ? x - width / 2 : fromRight ? x - width : x;
          const m = this.getTransform();
          const left = m.a * start + m.e;
          const right = m.a * (start + width) + m.e;
          if (right > this.canvas.width + 0.5) window.__clipped.push(String(text) + ' ' + Math.round(left) + '..' + Math.round(right) + ' of ' + this.canvas.width);
          return fillText.call(this, text, x, ...rest);
        };
      `,
      });
      await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
      const chart = page.locator('[data-testid="candle-chart"][data-last-close]');
      const intervals = page.getByTestId('chart-intervals').getByRole('button');
      // Each interval puts its newest tick (a day, a month, an hour) at another distance from the end.
      for (let i = 0; i < (await intervals.count()); i++) {
        // The chart marks each close it draws; the mark taken away, its return says the new interval is drawn.
        await page.evaluate(() => document.querySelector('[data-last-close]')?.removeAttribute('data-last-close'));
        await intervals.nth(i).click();
        await chart.waitFor({ timeout: UI_TIMEOUT_MS });
        // …and painted, its time axis included, in the frames after.
        await afterFrames(page, 2);
      }
      expect(await page.evaluate(() => (window as unknown as { __clipped: string[] }).__clipped)).toEqual([]);
      await context.close();
    },
  );

  it.each([
    ['zh-cn', 'zh-CN'],
    ['ar', 'ar'],
  ])("paints the time axis in the app's language, not the browser's (%s)", async (lang, tag) => {
    const { page, context } = await screenPage(stack, { token, lang });
    await recordPaintedText(context);
    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
    await page.locator('[data-testid="candle-chart"][data-last-close]').waitFor({ timeout: UI_TIMEOUT_MS });
    const months = (locale: string) =>
      Array.from({ length: 12 }, (_, month) =>
        new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, month, 15)),
      );
    const appMonths = months(tag);
    // The daily chart shows some fifty days: a month starts among them and its tick reads the month.
    const painted = await eventually(
      () => paintedText(page),
      (texts) => texts.some((text) => appMonths.includes(text)),
      `a month of ${lang} on the time axis`,
    );
    const browserMonths = months('en-US');
    expect(painted.filter((text) => browserMonths.includes(text))).toEqual([]);
    // Latin digits, as everywhere in the app (lib/format.ts).
    expect(painted.filter((text) => /[\u0660-\u0669\u06f0-\u06f9]/.test(text))).toEqual([]);
    await context.close();
  });

  it("reads one-minute bars on the phone's clock, as the app's other times do, and follows the clock when it moves", async () => {
    const { page, context } = await screenPage(stack, { token });
    await recordPaintedText(context);
    // The phone's time zone, set through the page's own DevTools session so that it can move later.
    const cdp = await context.newCDPSession(page);
    const setZone = async (timezoneId: string) => {
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: '' });
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId });
    };
    await setZone('America/New_York');
    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
    await page.getByTestId('chart-intervals').getByRole('button', { name: '1', exact: true }).click();
    // The minutes of the last two hours on a clock; New York's, UTC's and Tokyo's are hours apart.
    const recentMinutes = (timeZone: string) => {
      const clock = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      return new Set(Array.from({ length: 125 }, (_, i) => clock.format(Date.now() + (5 - i) * 60_000)));
    };
    const phone = recentMinutes('America/New_York');
    const painted = await eventually(
      () => paintedText(page),
      (texts) => texts.some((text) => phone.has(text)),
      'a recent minute of the phone on the time axis',
    );
    const utc = recentMinutes('UTC');
    expect(painted.filter((text) => utc.has(text))).toEqual([]);

    // The clock moves while the chart is open (a daylight-saving change, a journey): the chart draws
    // its bars again on the new clock, without being made again.
    await setZone('Asia/Tokyo');
    const tokyo = recentMinutes('Asia/Tokyo');
    await eventually(
      () => paintedText(page),
      (texts) => texts.some((text) => tokyo.has(text)),
      'a recent minute of Tokyo on the time axis',
    );
    await context.close();
  });

  it("loads the chart library with V8's compile hint, so its functions compile while it downloads", async () => {
    const { page, context } = await screenPage(stack, { token });
    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
    await page.locator('[data-testid="candle-chart"][data-last-close]').waitFor({ timeout: UI_TIMEOUT_MS });
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).pathname.endsWith('.js')),
    );
    const texts = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    // A message of lightweight-charts' own marks the chunk that carries the library, whatever it is named.
    const library = scripts.filter((_url, index) => texts[index]?.includes('Negative width is not allowed for Size'));
    expect(library).toHaveLength(1);
    // Without the hint V8 compiles each function lazily on the main thread, during the chart's first paints.
    expect(await openingInEachEncoding(library[0] as string)).toEqual(HINTED_IN_EACH_ENCODING);
    await context.close();
  });
});

describe('home', () => {
  it('gives every menu tile an icon', async () => {
    const { page, context } = await screenPage(stack, { token });
    await page.goto(`${stack.baseUrl}/`);
    const grid = await visible(page.getByTestId('menu-grid'));
    const tiles = await grid.evaluate((nav) =>
      [...nav.children].map((tile) => ({ text: tile.textContent, icons: tile.querySelectorAll('svg').length })),
    );
    expect(tiles.length).toBeGreaterThan(3);
    for (const tile of tiles) expect(tile.icons, tile.text ?? '').toBe(1);
    await context.close();
  });

  it("loads the first screen's code with V8's compile hint, so its functions compile while it downloads", async () => {
    const html = await (await fetch(`${stack.baseUrl}/`)).text();
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/.+\.js$/);
    // Without it V8 compiles each function on the main thread when first called: 110-190 ms before home's first paint here.
    expect(await openingInEachEncoding(`${stack.baseUrl}${entry}`)).toEqual(HINTED_IN_EACH_ENCODING);
  });

  it("pays the engine's number data in the market worker, before the page makes its first number formatter", async () => {
    const { page, context } = await screenPage(stack, { token });
    await page.addInitScript({ content: RECORD_NUMBER_FORMATS });
    // An init script does not reach a worker: the same recorder goes in front of the worker's entry as it is served.
    await context.route(/\/assets\/market\.worker-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        status: response.status(),
        contentType: 'text/javascript',
        body: `${RECORD_NUMBER_FORMATS}\n${await response.text()}`,
      });
    });
    await page.goto(`${stack.baseUrl}/`);
    await visible(page.getByTestId('market-carousel'));
    const worker = await eventually(
      async () => page.workers().find((each) => /\/market\.worker-/.test(each.url())),
      (found): found is Worker => found !== undefined,
      'the market worker',
    );
    const made = (): number[] => (globalThis as unknown as { __numberFormats: number[] }).__numberFormats;
    const inWorker = await eventually(
      () => worker.evaluate(made),
      (times) => times.length > 0,
      "the worker's number formatter",
    );
    const inPage = await eventually(
      () => page.evaluate(made),
      (times) => times.length > 0,
      "the page's first number formatter",
    );
    // ICU's start is per process: paid first in the worker, it is not paid again in the page's first render of prices.
    expect(Math.min(...inWorker)).toBeLessThan(Math.min(...inPage));
    await context.close();
  });
});

describe('right to left (ar)', () => {
  it('shows each banner slide when its dot is chosen, none blank', async () => {
    const { page, context } = await screenPage(stack, { lang: 'ar' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${stack.baseUrl}/`);
    const banners = await visible(page.getByTestId('banners'));
    const dots = banners.getByRole('button');
    const count = await dots.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      await dots.nth(i).click();
      const where = () =>
        banners.evaluate((box) => {
          const frame = box.getBoundingClientRect();
          const images = [...box.querySelectorAll('img')];
          const inView = images.findIndex((img) => {
            const r = img.getBoundingClientRect();
            return Math.abs(r.left - frame.left) < 2 && Math.abs(r.right - frame.right) < 2;
          });
          return {
            inView,
            current: [...box.querySelectorAll('button')].findIndex(
              (dot) => dot.getAttribute('aria-current') === 'true',
            ),
          };
        });
      const shown = await eventually(where, (at) => at.inView === i && at.current === i, `slide ${i} in view`).catch(
        () => where(),
      );
      expect(shown).toEqual({ inView: i, current: i });
    }
    await context.close();
  });

  it('reads the stake and the balance of the options action bar as amount, then coin', async () => {
    const { page, context } = await screenPage(stack, { token, lang: 'ar' });
    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC%2FUSDT`);
    const balance = await visible(page.getByTestId('options-balance'));
    await eventually(
      () => balance.textContent(),
      (text) => /\d/.test(text ?? ''),
      'the balance',
    );
    await page.getByTestId('selection-button').click();
    const picker = await visible(page.getByTestId('option-picker'));
    await picker.locator('[data-testid^="quantity-"]').first().click();
    await picker.getByTestId('picker-confirm').click();
    await eventually(
      () => page.getByTestId('selection-button').textContent(),
      (text) => /USDT/.test(text ?? ''),
      'the chosen stake',
    );
    const stake = ((await page.getByTestId('selection-button').textContent()) ?? '').trim();
    const [digitX, coinX] = await paintedOrder(page, '[data-testid="selection-button"]', [stake.charAt(0), 'USDT']);
    expect(digitX).toBeLessThan(coinX as number);
    await page.evaluate(() =>
      document
        .querySelector('[data-testid="options-balance"]')
        ?.parentElement?.parentElement?.setAttribute('data-probe', 'balance-line'),
    );
    const [amountX, balanceCoinX] = await paintedOrder(page, '[data-probe="balance-line"]', [
      ((await balance.textContent()) ?? '').charAt(0),
      'USDT',
    ]);
    expect(amountX).toBeLessThan(balanceCoinX as number);
    await context.close();
  });

  it('keeps signs before numbers and pairs as BASE/QUOTE', async () => {
    const { page, context } = await screenPage(stack, { lang: 'ar' });
    await page.goto(`${stack.baseUrl}/market`);
    await visible(page.getByTestId('market-row'));
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Mark the first signed change and the first pair, to measure where their characters are painted.
    const sign = await page.evaluate(() => {
      const change = [...document.querySelectorAll<HTMLElement>('[data-testid="market-row"] [data-direction]')].find(
        (el) => el.dataset.direction !== 'flat',
      );
      change?.setAttribute('data-probe', 'change');
      document.querySelector('[data-testid="market-row"] strong')?.parentElement?.setAttribute('data-probe', 'pair');
      return change?.dataset.direction === 'up' ? '+' : '-';
    });
    const [signX, percentX] = await paintedOrder(page, '[data-probe="change"]', [sign, '%']);
    expect(signX).toBeLessThan(percentX as number);
    const pair = ((await page.locator('[data-probe="pair"]').textContent()) ?? '').trim();
    const [baseX, slashX, quoteX] = await paintedOrder(page, '[data-probe="pair"]', [
      pair.charAt(0),
      '/',
      pair.charAt(pair.indexOf('/') + 1),
    ]);
    expect(baseX).toBeLessThan(slashX as number);
    expect(slashX).toBeLessThan(quoteX as number);
    await context.close();
  });
});
