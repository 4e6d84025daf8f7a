import Big from 'big.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.ts';
import { afterFrames, signedInPage, toast, visible, UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import { demoToken, narrowScreenFaults, screenPage } from '../support/screen-checks.ts';
import { apiData, dismissNoticeBanner, eventually, pageToken } from '../support/trading-helpers.ts';
import { arrivingTrades, bookPrices, canvasDigest, paintedPixels, tapeTrades } from '../support/market-helpers.ts';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';

interface Balance {
  usdt_balance: string;
  coin_balance: string;
}
interface OrderView {
  id: number;
  status: number;
  type: number;
  amount: string;
  coinnum: string;
  fee: string;
  fee_coin: string;
  symbol: string;
}

let stack: Stack;

beforeAll(async () => {
  // Its checks start from the demo as seeded: no open orders, the unread notice.
  stack = await startStack({}, { fresh: true });
});

afterAll(async () => {
  await stack?.stop();
});

async function marketId(symbol: string): Promise<number> {
  const response = await fetch(`${stack.baseUrl}/api/index/getMarketList`, { method: 'POST' });
  const answer = (await response.json()) as { data: { list: { id: number; symbol: string }[] } };
  const pair = answer.data.list.find((p) => p.symbol === symbol);
  if (!pair) throw new Error(`${symbol} is not listed`);
  return pair.id;
}

const SPOT_BTC = '/exchange?currentSymbol=btcusdt&name=BTC/USDT';

/** A new phone page, the demo user logged in through the form, on the BTC/USDT spot screen. */
async function openSpotScreen() {
  const opened = await signedInPage(stack, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password, SPOT_BTC);
  return opened;
}

describe('spot exchange', () => {
  it('places a limit buy below the market, shows it as open with its funds frozen, and cancels it', async () => {
    const { page, context } = await signedInPage(stack, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const token = await pageToken(page);
    const mId = await marketId('btcusdt');
    const before = await apiData<Balance>(stack.baseUrl, token, '/Trade/getMarketBalance', { m_id: mId });

    await page.goto(`${stack.baseUrl}${SPOT_BTC}`);
    const available = await visible(page.getByTestId('available'));
    await eventually(
      () => available.textContent(),
      (text) => (text ?? '').includes(new Big(before.usdt_balance).toFixed(8)),
      'the USDT balance',
    );

    // Half the last price: far enough below the market that the feed will not fill it during the test.
    const last = await eventually(
      () => page.getByTestId('book-last').textContent(),
      (text) => Number(text) > 0,
      'a last price',
    );
    const price = new Big(last ?? '0').div(2).round(2, Big.roundDown).toFixed(2);
    await page.getByLabel('Price (USDT)').fill(price);
    await page.getByLabel('Quantity (BTC)').fill('0.01');
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    // Half the last price is further from it than the site's 5 %: the form asks first.
    await (await visible(page.getByTestId('price-confirm-confirm'))).click();
    await toast(page, 'Order placed');

    const openRow = await visible(page.getByTestId('my-orders').getByTestId('spot-order').filter({ hasText: 'Limit' }));
    expect(await openRow.textContent()).toContain('0.01');
    const frozen = await apiData<Balance>(stack.baseUrl, token, '/Trade/getMarketBalance', { m_id: mId });
    expect(new Big(frozen.usdt_balance).toFixed(8)).toBe(
      new Big(before.usdt_balance).minus(new Big(price).times('0.01')).toFixed(8),
    );
    await eventually(
      () => available.textContent(),
      (text) => (text ?? '').includes(new Big(frozen.usdt_balance).toFixed(8)),
      'the frozen balance on screen',
    );

    await openRow.getByTestId('cancel-order').click();
    await toast(page, 'Order cancelled');
    await page
      .getByTestId('my-orders')
      .getByTestId('spot-order')
      .first()
      .waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    const after = await apiData<Balance>(stack.baseUrl, token, '/Trade/getMarketBalance', { m_id: mId });
    expect(after.usdt_balance).toBe(before.usdt_balance);
    await eventually(
      () => available.textContent(),
      (text) => (text ?? '').includes(new Big(before.usdt_balance).toFixed(8)),
      'the unfrozen balance on screen',
    );
    const cancelled = await apiData<{ list: OrderView[] }>(stack.baseUrl, token, '/Trade/getOrderList', {
      status: 3,
      page: 1,
      limit: 10,
    });
    expect(cancelled.list.length).toBeGreaterThan(0);
    await context.close();
  });

  it('refuses a limit buy above the balance with the spec message and clears the quantity', async () => {
    const { page, context } = await openSpotScreen();
    await eventually(
      () => page.getByTestId('available').textContent(),
      (text) => /[1-9]/.test(text ?? ''),
      'the demo balance',
    );
    await page.getByLabel('Price (USDT)').fill('1000000');
    await page.getByLabel('Quantity (BTC)').fill('5');
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    await toast(page, 'Insufficient available balance');
    expect(await page.getByLabel('Quantity (BTC)').inputValue()).toBe('');
    await context.close();
  });

  it('fills a market sell at once and shows both balances change by what the order records', async () => {
    const { page, context } = await signedInPage(stack, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const token = await pageToken(page);
    const mId = await marketId('btcusdt');
    const before = await apiData<Balance>(stack.baseUrl, token, '/Trade/getMarketBalance', { m_id: mId });

    await page.goto(`${stack.baseUrl}${SPOT_BTC}`);
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByLabel('Order type').selectOption('2');
    const available = page.getByTestId('available');
    await eventually(
      () => available.textContent(),
      (text) => (text ?? '').includes(`${new Big(before.coin_balance).toFixed(8)} BTC`),
      'the BTC balance',
    );
    await page.getByLabel('Quantity (BTC)').fill('0.1');
    await page.getByRole('button', { name: 'Sell BTC' }).click();
    await toast(page, 'Order filled');

    const done = await apiData<{ list: OrderView[] }>(stack.baseUrl, token, '/Trade/getOrderList', {
      status: 2,
      type: 2,
      page: 1,
      limit: 10,
    });
    const order = done.list[0];
    if (!order) throw new Error('the filled sell is not in the completed list');
    expect(new Big(order.coinnum).eq('0.1')).toBe(true);
    const feeInQuote = order.fee_coin === 'USDT' ? order.fee : '0';
    const expectedUsdt = new Big(before.usdt_balance).plus(order.amount).minus(feeInQuote).toFixed(8);
    const expectedBtc = new Big(before.coin_balance)
      .minus('0.1')
      .minus(order.fee_coin === 'BTC' ? order.fee : '0')
      .toFixed(8);
    const after = await apiData<Balance>(stack.baseUrl, token, '/Trade/getMarketBalance', { m_id: mId });
    expect(new Big(after.usdt_balance).toFixed(8)).toBe(expectedUsdt);
    expect(new Big(after.coin_balance).toFixed(8)).toBe(expectedBtc);
    await eventually(
      () => available.textContent(),
      (text) => (text ?? '').includes(`${expectedBtc} BTC`),
      'the BTC balance after the sell',
    );
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await eventually(
      () => available.textContent(),
      (text) => (text ?? '').includes(`${expectedUsdt} USDT`),
      'the USDT balance after the sell',
    );
    await context.close();
  });
});

describe('spot pair switch', () => {
  it('takes a price tapped in the book, and a new pair from the drawer starts at its own price, not the tapped one', async () => {
    const { page, context } = await openSpotScreen();
    const bid = page.getByTestId('book-bids').getByRole('button').first();
    await visible(bid);
    // Find the row, read its price and tap it in one task of the page. A locator's evaluate is two
    // calls (find, then run), and the live book can drop that row between them: the tap then lands
    // on a detached button that React never hears.
    const rowPrice = await page.evaluate(() => {
      const button = document.querySelector<HTMLElement>('[data-testid=book-bids] button');
      if (!button) throw new Error('no bid row to tap');
      const text = (button.getAttribute('aria-label') ?? '0').split(' ')[0] ?? '0';
      button.click();
      return text;
    });
    const tapped = new Big(rowPrice).toFixed(2);
    expect(await page.getByLabel('Price (USDT)').inputValue()).toBe(tapped);

    await page.getByTestId('symbol-button').click();
    await (await visible(page.getByTestId('symbol-drawer').getByRole('button', { name: /ETH\/USDT/ }))).click();
    await page.waitForURL(/currentSymbol=ethusdt/, { timeout: UI_TIMEOUT_MS });
    const ethLast = await eventually(
      () => page.getByTestId('book-last').textContent(),
      (text) => Number(text) > 0 && Number(text) < Number(tapped) / 2,
      'the ETH last price',
    );
    const price = await eventually(
      () => page.getByLabel('Price (USDT)').inputValue(),
      (value) => value !== '',
      'the ETH form price',
    );
    expect(price).not.toBe(tapped);
    expect(Math.abs(Number(price) - Number(ethLast)) / Number(ethLast)).toBeLessThan(0.01);
    await context.close();
  });
});

describe('spot book tap', () => {
  it('a mouse press held on the top bid while its level leaves the book takes a price the row showed at the release', async () => {
    const { page, context } = await openSpotScreen();
    const bid = page.getByTestId('book-bids').getByRole('button').first();
    await visible(bid);
    // The notice banner makes room for itself above the book: a press begun before it shows is released over another row.
    await dismissNoticeBanner(page);
    const field = page.getByLabel('Price (USDT)');
    await eventually(
      () => field.inputValue(),
      (value) => value !== '',
      'the start price',
    );
    await field.fill('');
    // Every price the top bid row shows from the press to just after the release.
    await page.evaluate(`(() => {
      const seen = (window.__topBids = []);
      const read = () => seen.push((document.querySelector('[data-testid=book-bids] button')?.getAttribute('aria-label') ?? '').split(' ')[0]);
      read();
      window.__topBidWatch = new MutationObserver(read);
      window.__topBidWatch.observe(document.querySelector('[data-testid=book-bids]'), { subtree: true, attributeFilter: ['aria-label'] });
    })()`);
    const topBids = () => page.evaluate('window.__topBids') as Promise<string[]>;
    const box = await bid.boundingBox();
    if (!box) throw new Error('the top bid row has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await eventually(topBids, (seen) => new Set(seen).size > 1, 'the top bid price to move during the press');
    await page.mouse.up();
    const taken = await eventually(
      () => field.inputValue(),
      (value) => value !== '',
      'the clicked price',
    );
    const shown = (await page.evaluate('(window.__topBidWatch.disconnect(), window.__topBids)')) as string[];
    expect(shown.map((price) => new Big(price).toFixed(2))).toContain(taken);
    await context.close();
  });
});

describe('spot live numbers', () => {
  it('flashes a book size that changes and each trade as it arrives, and not with reduced motion', async () => {
    const { page, context } = await openSpotScreen();
    await visible(page.getByTestId('book-bids'));
    // Each side paints its levels on its canvas.
    for (const side of ['bids', 'asks'])
      await eventually(
        () => paintedPixels(page, `[data-testid=book-${side}-canvas]`),
        (pixels) => pixels > 0,
        `a painted ${side} row`,
      );
    await eventually(
      () => page.locator('[data-testid=book-bids] [data-flash], [data-testid=book-asks] [data-flash]').count(),
      (n) => n > 0,
      'a flashing book size',
    );
    // The tape paints while on the screen only.
    await page.getByTestId('trade-tape').scrollIntoViewIfNeeded();
    await eventually(
      () => arrivingTrades(page),
      (n) => n > 0,
      'a trade row flashing on arrival',
    );

    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The page hears of the change in its next frame's rendering steps; a batch landing before then
    // still paints with marks, so the trades counted are those after two frames.
    await afterFrames(page, 2);
    // Two trades arrive with reduced motion on, and neither flashes.
    const newest = async () => (await tapeTrades(page))[0] ?? '';
    for (let trade = 0; trade < 2; trade++) {
      const before = await newest();
      await eventually(newest, (text) => text !== before, 'a trade to arrive');
      expect(await arrivingTrades(page)).toBe(0);
    }
    await context.close();
  });
});

describe('spot canvases off the screen', () => {
  it('is not painted while off the screen, keeps its label for screen readers, and paints when scrolled to', async () => {
    const { page, context } = await openSpotScreen();
    // A short screen, scrolled to the top: the tape lies below it.
    await page.setViewportSize({ width: 375, height: 420 });
    const tape = await visible(page.getByTestId('trade-tape'));
    await page.evaluate(() => window.scrollTo(0, 0));
    const below = await tape.evaluate((canvas) => canvas.getBoundingClientRect().top > window.innerHeight);
    expect(below).toBe(true);
    const pixels = () => paintedPixels(page, '[data-testid=trade-tape]');
    const newest = async () => (await tapeTrades(page))[0] ?? '';
    // Two trades come (the label follows them) and the canvas is not painted for them.
    const painted = await pixels();
    for (let trade = 0; trade < 2; trade++) {
      const before = await newest();
      await eventually(newest, (text) => text !== before, 'a trade to arrive');
    }
    expect(await pixels()).toBe(painted);
    await tape.scrollIntoViewIfNeeded();
    await eventually(pixels, (now) => now !== painted && now > 0, 'the tape painted on the screen');
    await context.close();
  });

  it('does not paint a book side scrolled off the screen, keeps its rows for screen readers, and paints it back', async () => {
    const { page, context } = await openSpotScreen();
    await page.setViewportSize({ width: 375, height: 420 });
    await visible(page.getByTestId('book-bids'));
    const canvas = '[data-testid=book-bids-canvas]';
    await eventually(
      () => paintedPixels(page, canvas),
      (pixels) => pixels > 0,
      'a painted bids side',
    );
    // Scrolled down past the book: its canvases lie above the screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const above = await page.locator(canvas).evaluate((element) => element.getBoundingClientRect().bottom < 0);
    expect(above).toBe(true);
    const rows = async () => (await bookPrices(page, 'bids')).join(' ');
    const push = async () => {
      const before = await rows();
      await eventually(rows, (now) => now !== before, 'a book push');
    };
    // A push after the scroll (the observer has seen the side leave by then), then two more move the
    // rows' labels and not the pixels.
    await push();
    const digest = await canvasDigest(page, canvas);
    await push();
    await push();
    expect(await canvasDigest(page, canvas)).toBe(digest);
    await page.locator(canvas).scrollIntoViewIfNeeded();
    await eventually(
      () => canvasDigest(page, canvas),
      (now) => now !== digest,
      'the side painted back on the screen',
    );
    await context.close();
  });
});

describe('spot book layouts', () => {
  it("paints the nine rows of one side after the layout changes, on the side's new canvas", async () => {
    const { page, context } = await openSpotScreen();
    await visible(page.getByTestId('book-bids'));
    await page.getByRole('button', { name: 'Bids', exact: true }).click();
    await eventually(
      () => page.locator('[data-testid=book-bids] li:not([hidden])').count(),
      (rows) => rows === 9,
      'nine bid rows',
    );
    const canvas = '[data-testid=book-bids-canvas]';
    // The side's canvas is new with the layout: it paints, and goes on painting each push.
    await eventually(
      () => paintedPixels(page, canvas),
      (pixels) => pixels > 0,
      'a painted bids side',
    );
    const digest = await canvasDigest(page, canvas);
    await eventually(
      () => canvasDigest(page, canvas),
      (now) => now !== digest,
      'the bids side painted again',
    );
    await context.close();
  });
});

describe('spot depth chart', () => {
  /** Pixels of the depth canvas near the theme's up and down colours, counted in its left and right halves. */
  const colouredPixels = (page: Page) =>
    page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="depth-chart"] canvas');
      const context = canvas?.getContext('2d');
      if (!canvas || !context || canvas.width === 0) return null;
      const style = getComputedStyle(document.documentElement);
      const rgb = (name: string) => {
        const probe = document.createElement('span');
        probe.style.color = style.getPropertyValue(name).trim();
        document.body.append(probe);
        const [r, g, b] = (getComputedStyle(probe).color.match(/\d+/g) ?? []).map(Number);
        probe.remove();
        return [r ?? -1, g ?? -1, b ?? -1];
      };
      const up = rgb('--up');
      const down = rgb('--down');
      const { data, width } = context.getImageData(0, 0, canvas.width, canvas.height);
      const counts = { upLeft: 0, upRight: 0, downLeft: 0, downRight: 0 };
      const near = (i: number, [r, g, b]: number[]) =>
        Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) < 40 && data[i + 3]! > 200;
      for (let i = 0; i < data.length; i += 4) {
        const left = (i / 4) % width < width / 2;
        if (near(i, up)) counts[left ? 'upLeft' : 'upRight'] += 1;
        if (near(i, down)) counts[left ? 'downLeft' : 'downRight'] += 1;
      }
      return counts;
    });

  it('draws the live book around a mid price inside it: bids in the up colour to the left, asks in the down colour to the right', async () => {
    const { page, context } = await openSpotScreen();
    await visible(page.getByTestId('book-bids').locator('li'));
    await page.getByTestId('spot-charts-toggle').click();
    const canvas = await visible(page.getByTestId('depth-chart').locator('canvas'));

    const prices = async (side: 'bids' | 'asks') => (await bookPrices(page, side)).map(Number);
    // The book moves while it is read: the mid must lie inside what the book shows, not between two exact rows.
    const read = async () => {
      const mid = Number(/mid price ([\d.]+)$/.exec((await canvas.getAttribute('aria-label')) ?? '')?.[1]);
      return { mid, lowestBid: Math.min(...(await prices('bids'))), highestAsk: Math.max(...(await prices('asks'))) };
    };
    await eventually(
      read,
      (seen) => seen.mid > seen.lowestBid && seen.mid < seen.highestAsk,
      "the depth chart's mid price inside the book",
    );

    const pixels = await eventually(
      () => colouredPixels(page),
      (counts) => !!counts && counts.upLeft > 0 && counts.downRight > 0,
      'both sides drawn',
    );
    expect(pixels!.upLeft).toBeGreaterThan(pixels!.upRight);
    expect(pixels!.downRight).toBeGreaterThan(pixels!.downLeft);
    await context.close();
  });
});

describe('spot price chart', () => {
  it('takes its usual height, 300 px, and 420 px with an indicator pane', async () => {
    const { page, context } = await openSpotScreen();
    await page.getByTestId('spot-charts-toggle').click();
    await page.getByRole('tab', { name: 'Price chart' }).click();
    const chart = page.getByTestId('spot-candle-chart');
    await chart.locator('canvas').first().waitFor({ timeout: UI_TIMEOUT_MS });
    const height = async () => (await chart.boundingBox())?.height ?? 0;
    expect(await height()).toBe(300);
    await page.getByTestId('study-macd').click();
    await eventually(height, (h) => h === 420, 'the chart to grow for its MACD pane');
    await context.close();
  });
});

/** The sentence without the marks that isolate its numbers left to right. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

/** Cancels the demo user's open BTC orders through the API, so each test starts from none. */
async function cancelOpenOrders(token: string): Promise<void> {
  const open = await apiData<{ list: OrderView[] }>(stack.baseUrl, token, '/Trade/getOrderList', {
    status: 1,
    page: 1,
    limit: 50,
  });
  for (const order of open.list) await apiData(stack.baseUrl, token, '/Trade/cancelOrder', { bb_id: order.id });
}

describe('spot price far from the last price', () => {
  it('shows the last price and 24 h change at the top; a buy 10 % under the last price asks first with the distance, a buy 3 % under goes at once', async () => {
    const { page, context } = await openSpotScreen();
    const token = await pageToken(page);
    await eventually(
      () => page.getByTestId('available').textContent(),
      (text) => /[1-9]/.test(text ?? ''),
      'the demo balance',
    );
    const top = await eventually(
      () => page.getByTestId('pair-last').textContent(),
      (text) => Number(text) > 0,
      'the last price at the top',
    );
    expect(Number(top)).toBeGreaterThan(0);
    expect(await page.getByTestId('pair-price').getByTestId('change').textContent()).toMatch(/%/);

    const last = await eventually(
      () => page.getByTestId('book-last').textContent(),
      (text) => Number(text) > 0,
      'a last price',
    );
    const far = new Big(last ?? '0').times('0.9').round(2, Big.roundDown).toFixed(2);
    await page.getByLabel('Price (USDT)').fill(far);
    await page.getByLabel('Quantity (BTC)').fill('0.001');
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    const sheet = await visible(page.getByTestId('price-confirm'));
    const sentence = plain(await sheet.getByTestId('price-distance').textContent());
    // The last price as the book shows it: the pair's two decimals, no grouping.
    const match = /^Your price is (\d+\.\d{2})% below the last price (\d+\.\d{2})$/.exec(sentence);
    if (!match) throw new Error(`unexpected sentence: ${sentence}`);
    // The distance is computed from the last price the sentence names, exactly.
    const named = new Big(match[2] ?? '');
    expect(match[1]).toBe(named.minus(far).times(100).div(named).round(2, Big.roundHalfUp).toFixed(2));
    expect(Number(match[1])).toBeGreaterThan(5);
    const before = await apiData<{ list: OrderView[] }>(stack.baseUrl, token, '/Trade/getOrderList', {
      status: 1,
      page: 1,
      limit: 50,
    });
    expect(before.list).toHaveLength(0);
    await page.getByTestId('price-confirm-confirm').click();
    await toast(page, 'Order placed');
    await page.getByTestId('price-confirm').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

    const near = new Big(last ?? '0').times('0.97').round(2, Big.roundDown).toFixed(2);
    await page.getByLabel('Price (USDT)').fill(near);
    await page.getByLabel('Quantity (BTC)').fill('0.001');
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    await eventually(
      async () =>
        (
          await apiData<{ list: OrderView[] }>(stack.baseUrl, token, '/Trade/getOrderList', {
            status: 1,
            page: 1,
            limit: 50,
          })
        ).list.length,
      (n) => n === 2,
      'both orders open',
    );
    expect(await page.getByTestId('price-confirm').count()).toBe(0);
    await cancelOpenOrders(token);
    await context.close();
  });
});

describe('spot stop-limit and cancel all', () => {
  it('places a stop-limit sell below the market, lists it waiting for its trigger, and cancels all after a confirm that counts them', async () => {
    const { page, context } = await openSpotScreen();
    const token = await pageToken(page);
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByLabel('Order type').selectOption('3');
    const last = await eventually(
      () => page.getByTestId('book-last').textContent(),
      (text) => Number(text) > 0,
      'a last price',
    );
    // Far below the market: the feed will not reach the trigger during the test.
    const trigger = new Big(last ?? '0').times('0.5').round(2, Big.roundDown).toFixed(2);
    const limit = new Big(trigger).minus('1').toFixed(2);
    await page.getByLabel('Trigger price (USDT)').fill(trigger);
    await page.getByLabel('Limit price (USDT)').fill(limit);
    await page.getByLabel('Quantity (BTC)').fill('0.01');
    await page.getByRole('button', { name: 'Sell BTC' }).click();
    // Half the last price is far from it: the form asks first.
    await (await visible(page.getByTestId('price-confirm-confirm'))).click();
    await toast(page, 'Order placed');
    const row = await visible(
      page.getByTestId('my-orders').getByTestId('spot-order').filter({ hasText: 'Waiting for trigger' }),
    );
    expect(new Big((await row.getByTestId('order-trigger').textContent()) ?? '0').eq(trigger)).toBe(true);
    const open = await apiData<{ list: (OrderView & { operate_type: number; trigger_price: string })[] }>(
      stack.baseUrl,
      token,
      '/Trade/getOrderList',
      { status: 1, page: 1, limit: 50 },
    );
    expect(open.list.map((order) => [order.status, order.operate_type])).toEqual([[4, 3]]);

    await page.getByTestId('cancel-all').click();
    expect(plain(await (await visible(page.getByTestId('cancel-all-count'))).textContent())).toBe(
      'Open orders to cancel on BTC/USDT: 1',
    );
    await page.getByTestId('cancel-all-confirm-confirm').click();
    await page
      .getByTestId('my-orders')
      .getByTestId('spot-order')
      .first()
      .waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    const after = await apiData<{ list: OrderView[] }>(stack.baseUrl, token, '/Trade/getOrderList', {
      status: 1,
      page: 1,
      limit: 50,
    });
    expect(after.list).toHaveLength(0);
    await context.close();
  });

  it("shows the pair's minimum order and refuses a smaller one before sending", async () => {
    const pairs = (await (await fetch(`${stack.baseUrl}/api/index/getMarketList`, { method: 'POST' })).json()) as {
      data: { list: { symbol: string; min_num: string; min_total: string }[] };
    };
    const btc = pairs.data.list.find((pair) => pair.symbol === 'btcusdt');
    if (!btc) throw new Error('btcusdt is not in the market list');
    // One step of BTC is far below a USDT pair's minimum total: the total is what refuses it.
    expect(new Big(btc.min_num).gt(0) && new Big(btc.min_total).gt(0)).toBe(true);
    const { page, context } = await openSpotScreen();
    const token = await pageToken(page);
    const hint = await visible(page.getByTestId('min-order'));
    const expected = `Minimum order: ${btc.min_num} BTC and ${btc.min_total} USDT`;
    expect(await hint.textContent()).toBe(expected);
    await eventually(
      () => page.getByTestId('book-last').textContent(),
      (text) => Number(text) > 0,
      'a last price',
    );
    await page.getByLabel('Quantity (BTC)').fill(btc.min_num);
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    await visible(page.getByRole('alert').filter({ hasText: expected }));
    const open = await apiData<{ list: OrderView[] }>(stack.baseUrl, token, '/Trade/getOrderList', {
      status: 1,
      page: 1,
      limit: 50,
    });
    expect(open.list).toHaveLength(0);
    await context.close();
  });
});

describe('spot stop-limit on the moving feed', () => {
  it('a stop-limit buy waits until the feed trades through its trigger, then fills at book prices within its limit', async () => {
    const { page, context } = await openSpotScreen();
    const token = await pageToken(page);
    await cancelOpenOrders(token);
    await page.getByLabel('Order type').selectOption('3');
    const last = new Big(
      (await eventually(
        () => page.getByTestId('book-last').textContent(),
        (text) => Number(text) > 0,
        'a last price',
      )) ?? '0',
    );
    // Within the far-price distance, so no second confirmation: trigger 1 % above the last price, limit 4 %.
    const trigger = last.times('1.01').round(2, Big.roundUp).toFixed(2);
    const limit = last.times('1.04').round(2, Big.roundDown).toFixed(2);
    await page.getByLabel('Trigger price (USDT)').fill(trigger);
    await page.getByLabel('Limit price (USDT)').fill(limit);
    await page.getByLabel('Quantity (BTC)').fill('0.001');
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    await toast(page, 'Order placed');
    await visible(page.getByTestId('my-orders').getByTestId('spot-order').filter({ hasText: 'Waiting for trigger' }));
    type StopView = OrderView & { operate_type: number; trigger_price: string; triggered_at: number; total: string };
    const waiting = await apiData<{ list: StopView[] }>(stack.baseUrl, token, '/Trade/getOrderList', {
      status: 1,
      page: 1,
      limit: 50,
    });
    expect(waiting.list.map((order) => [order.status, order.operate_type, order.triggered_at])).toEqual([[4, 3, 0]]);
    const id = waiting.list[0]!.id;

    // The simulator trades the pair 3 % up through its book: past the trigger, below the limit.
    expect((await fetch(`${stack.baseUrl}/__test/feed/move?symbol=btcusdt&percent=3`, { method: 'POST' })).status).toBe(
      200,
    );
    const filled = await eventually(
      async () =>
        (
          await apiData<{ list: StopView[] }>(stack.baseUrl, token, '/Trade/getOrderList', {
            status: 2,
            page: 1,
            limit: 50,
          })
        ).list.find((order) => order.id === id),
      (order) => order !== undefined,
      'the stop-limit triggered and filled',
    );
    expect(filled!.triggered_at).toBeGreaterThan(0);
    expect(new Big(filled!.coinnum).eq('0.001')).toBe(true);
    // Every fill at a price the book showed, never above the limit: the total paid is at most quantity x limit.
    expect(new Big(filled!.total).lte(new Big('0.001').times(limit))).toBe(true);
    await page
      .getByTestId('my-orders')
      .getByTestId('spot-order')
      .filter({ hasText: 'Waiting for trigger' })
      .waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    await context.close();
  });
});

describe('spot screen at 320 px', () => {
  it.each(['vi', 'ru', 'ar', 'zh-cn'])(
    'in %s: the my-orders tab labels whole, nothing sideways, cut or broken',
    async (lang) => {
      const token = await demoToken(stack.baseUrl);
      const { page, context } = await screenPage(stack, { token, lang, width: 320 });
      await page.goto(`${stack.baseUrl}${SPOT_BTC}`);
      await visible(page.getByTestId('my-orders').getByRole('tab'));
      await eventually(
        () => page.getByTestId('pair-last').textContent(),
        (text) => Number(text) > 0,
        'the last price at the top',
      );
      const faults = await narrowScreenFaults(page, { tabs: true });
      expect(faults).toEqual({ sideways: 0, cutFields: [], brokenNumbers: [], brokenValues: [], cutTabs: [] });
      await context.close();
    },
  );
});
