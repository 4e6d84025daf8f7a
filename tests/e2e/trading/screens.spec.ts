import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.ts';
import { pageAtRest, signedInPage, toast, visible, UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import { apiData, dismissNoticeBanner, eventually, pageToken } from '../support/trading-helpers.ts';
import { tapeTrades } from '../support/market-helpers.ts';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';

let stack: Stack;

beforeAll(async () => {
  // Its checks start from the demo as seeded: no open orders, the unread notice.
  stack = await startStack({}, { fresh: true });
});

afterAll(async () => {
  await stack?.stop();
});

interface Item {
  id: number;
  symbol: string;
  title: string;
  close: string;
}

async function marketList(): Promise<Item[]> {
  const response = await fetch(`${stack.baseUrl}/api/index/getMarketList`, { method: 'POST' });
  return ((await response.json()) as { data: { list: Item[] } }).data.list;
}

describe('home', () => {
  it("shows the bulletin until don't-show-today is ticked", async () => {
    const { page, context } = await stack.newPage({ bulletin: true });
    await page.goto(`${stack.baseUrl}/`);
    let popup = await visible(page.getByTestId('bulletin-popup'));
    await popup.getByRole('button', { name: 'OK' }).click();
    await page.reload();
    popup = await visible(page.getByTestId('bulletin-popup'));
    await popup.getByLabel("Don't show again today").check();
    await popup.getByRole('button', { name: 'OK' }).click();
    await page.reload();
    await visible(page.getByTestId('menu-grid'));
    // The bulletin comes in the page's idle time once the site settings are in: both are past here.
    await visible(page.getByTestId('logo-button').filter({ hasText: /\S/ }));
    await pageAtRest(page);
    expect(await page.getByTestId('bulletin-popup').count()).toBe(0);
    await context.close();
  });

  it('lists markets in the carousel and the ranking, opening exchange and options for the pair', async () => {
    const { page, context } = await signedInPage(stack, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    // The demo user's unread notice opens a banner above the page, which moves the carousel down: a
    // tap aimed before it lands can hit another pair (seen once in CI, on a busy machine).
    await dismissNoticeBanner(page);
    const list = await marketList();
    const carousel = await visible(page.getByTestId('market-carousel'));
    const first = list[0] as Item;
    await carousel.getByRole('link', { name: new RegExp(first.title.replace('/', '\\/')) }).click();
    await page.waitForURL(
      (url) => url.pathname === '/exchange' && url.searchParams.get('currentSymbol') === first.symbol,
      { timeout: UI_TIMEOUT_MS },
    );
    await visible(page.getByTestId('symbol-button').filter({ hasText: first.title }));

    await page.goto(`${stack.baseUrl}/`);
    const ranking = await visible(page.getByTestId('ranking'));
    await (await visible(ranking.getByRole('link'))).click();
    await page.waitForURL((url) => url.pathname === '/options' && url.searchParams.has('currentSymbol'), {
      timeout: UI_TIMEOUT_MS,
    });
    await context.close();
  });

  it('swaps the up and down colours with the red-up setting and remembers it', async () => {
    const { page, context } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/`);
    const upColour = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--up').trim());
    expect(await upColour()).toBe('#48b451');
    await (await visible(page.getByRole('switch', { name: 'Red for up, green for down' }))).click();
    expect(await upColour()).toBe('#db000c');
    await page.reload();
    await visible(page.getByTestId('menu-grid'));
    expect(await upColour()).toBe('#db000c');
    await context.close();
  });
});

describe('market list', () => {
  it('shows every pair under All and narrows by group and child tab', async () => {
    const { page, context } = await stack.newPage();
    // A deep link (and so a reload) must reach the screen, though /market/… is the market REST API.
    await page.goto(`${stack.baseUrl}/market`);
    const rows = page.getByTestId('market-row');
    await visible(rows);
    const all = await marketList();
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(all.length);
    const tabs = await fetch(`${stack.baseUrl}/api/index/getAllCurrencyList`, { method: 'POST' });
    const groups = (
      (await tabs.json()) as {
        data: { list: { currency_name: string; child: { id: number; currency_name: string }[] }[] };
      }
    ).data.list;
    const group = groups[0];
    const child = group?.child[0];
    if (group && child) {
      await page.getByRole('tab', { name: group.currency_name, exact: true }).click();
      await page.getByRole('tab', { name: child.currency_name, exact: true }).click();
      const response = await fetch(`${stack.baseUrl}/api/index/getAllMarketList`, {
        method: 'POST',
        body: new URLSearchParams({ fid: '0', eid: String(child.id) }),
      });
      const expected = ((await response.json()) as { data: { list: Item[] } }).data.list;
      const allowed = new Set(expected.map((p) => p.title.split('/')[0]));
      const coins = async () => (await rows.locator('strong').allTextContents()).map((text) => text.trim());
      const shown = await eventually(
        coins,
        (list) => list.length > 0 && list.every((coin) => allowed.has(coin)),
        'only the child tab pairs',
      );
      expect(shown.length).toBeLessThanOrEqual(expected.length);
    }
    await context.close();
  });
});

describe('spot order list', () => {
  it('shows open orders with cancel, cancels one, and shows it read-only under Cancelled', async () => {
    const { page, context } = await signedInPage(stack, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const token = await pageToken(page);
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

    await page.goto(`${stack.baseUrl}/trade-lst`);
    await dismissNoticeBanner(page, 3000);
    const list = page.getByTestId('trade-list');
    const row = await visible(list.getByTestId('spot-order').filter({ hasText: '0.001' }));
    expect(await row.getByTestId('cancel-order').count()).toBe(1);
    await row.getByTestId('cancel-order').click();
    await toast(page, 'Order cancelled');
    await list.getByTestId('spot-order').first().waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

    await page.getByRole('tab', { name: 'Cancelled' }).click();
    const cancelled = await visible(list.getByTestId('spot-order').filter({ hasText: '0.001' }));
    expect(await cancelled.getAttribute('data-status')).toBe('3');
    expect(await list.getByTestId('cancel-order').count()).toBe(0);

    await page.getByTestId('type-picker').selectOption('2');
    await visible(page.getByTestId('list-status'));
    expect(await list.getByTestId('spot-order').filter({ hasText: '0.001' }).count()).toBe(0);
    await context.close();
  });
});

describe('notice banner', () => {
  it('never covers the last rows of a screen or the options action bar', async () => {
    const { page, context } = await signedInPage(stack, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    type Box = { x: number; y: number; width: number; height: number };
    const apart = (a: Box, b: Box) =>
      a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x;

    await page.goto(`${stack.baseUrl}/exchange?currentSymbol=btcusdt&name=BTC/USDT`);
    const banner = await visible(page.getByTestId('notice-banner'));
    const tabs = await visible(page.getByRole('navigation', { name: 'Main sections' }));
    const tape = page.getByTestId('trade-tape');
    await eventually(
      () => tapeTrades(page),
      (trades) => trades.length > 3,
      'trades on the tape',
    );
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The tape's canvas ends with its last row.
    const boxes = async () => ({
      trade: await tape.boundingBox(),
      banner: await banner.boundingBox(),
      tabs: await tabs.boundingBox(),
    });
    // Scrolled to the end, the last trade stands above the fixed tab bar and clear of the banner.
    await eventually(
      boxes,
      ({ trade, banner: shown, tabs: bar }) =>
        trade !== null &&
        bar !== null &&
        trade.y > 0 &&
        trade.y + trade.height <= bar.y &&
        (shown === null || apart(trade, shown)),
      'the last trade above the tab bar, clear of the banner',
    );

    await page.goto(`${stack.baseUrl}/options`);
    const bar = await visible(page.getByTestId('selection-button'));
    const shown = await visible(page.getByTestId('notice-banner'));
    const barBox = await bar.boundingBox();
    const bannerBox = await shown.boundingBox();
    if (!barBox || !bannerBox) throw new Error('the action bar or the banner has no box');
    expect(apart(barBox, bannerBox)).toBe(true);
    await context.close();
  });
});
