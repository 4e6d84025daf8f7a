/**
 * Verifiable settlement end to end: a run of random second contracts on the real server
 * settles; each names the market trades behind its two prices, which the public feed (market REST)
 * shows at those times with those prices; the settled detail shows both trades, and its Verify view
 * shows each trade's one-minute bar with the price inside it.
 */
import Big from 'big.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceServerClock, UI_TIMEOUT_MS, visible } from '../support/app-helpers.ts';
import { demoToken, narrowScreenFaults } from '../support/screen-checks.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { apiData, dismissNoticeBanner, eventually } from '../support/trading-helpers.ts';

interface HyConfig {
  hy_price_type: number;
  hy_numcolstmp: string;
  durations: { time: number; min: string }[];
}
interface OrderView {
  order_id: number;
  symbol: string;
  status: number;
  is_win: number;
  buyprice: string;
  sellprice: string;
  buytime_ms: number;
  selltime_ms: number;
  buy_trade_id: string | null;
  buy_trade_ts: number | null;
  sell_trade_id: string | null;
  sell_trade_ts: number | null;
}
interface RestGroup {
  data: { 'trade-id': number; ts: number; price: number }[];
}

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** A small seeded generator, so a failing run can be repeated. */
function generator(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

async function marketRest<T>(path: string): Promise<T> {
  const body = (await (await fetch(`${stack.baseUrl}${path}`)).json()) as { status: string; data: T };
  expect(body.status, path).toBe('ok');
  return body.data;
}

/** What of the page reads broken on a narrow phone: figures over two lines, and sideways scroll. */
async function unbroken(page: Page) {
  const { brokenNumbers, brokenValues, sideways } = await narrowScreenFaults(page);
  return { brokenNumbers, brokenValues, sideways };
}

describe('verifiable settlement', () => {
  it('a run of random orders: every settled order names trades the public feed shows, and the app verifies each against its one-minute bar', async () => {
    const token = await demoToken(stack.baseUrl);
    const { page, context } = await stack.newPage({ token });
    const config = await apiData<HyConfig>(stack.baseUrl, token, '/Contrade/getHyConfig');
    const shortest = [...config.durations].sort((a, b) => a.time - b.time)[0]!;
    const multipliers = config.hy_numcolstmp.split(',');
    const pairs = (
      await apiData<{ list: { id: number; symbol: string }[] }>(stack.baseUrl, token, '/index/getMarketList')
    ).list;
    const pick = generator(15);

    const placed: number[] = [];
    for (let i = 0; i < 5; i++) {
      const pair = pairs[pick(Math.min(pairs.length, 6))]!;
      const multiplier = multipliers[pick(2)] ?? '1';
      const stake =
        Number(config.hy_price_type) === 2 ? new Big(multiplier).times(shortest.min).toFixed(2) : multiplier;
      const created = await apiData<{ order_id: number }>(stack.baseUrl, token, '/Contrade/creatorder', {
        m_id: pair.id,
        ctime: shortest.time,
        ctzed: stake,
        buytype: 1 + pick(2),
      });
      placed.push(created.order_id);
      // Past the 2 s double-submit guard, so two equal random orders are both placed.
      await advanceServerClock(stack.baseUrl, 2100 + pick(1200));
    }
    // Every order's time runs out on the server's clock, which settles them at its prices.
    await advanceServerClock(stack.baseUrl, shortest.time * 1000);

    const orders: OrderView[] = [];
    for (const id of placed) {
      orders.push(
        await eventually(
          () => apiData<OrderView>(stack.baseUrl, token, '/Contrade/getHyOrderInfo', { order_id: id }),
          (order) => order.status === 2,
          `order ${id} to settle`,
        ),
      );
    }

    // Checked through the public feed only, as anyone verifying an order would.
    for (const order of orders) {
      expect(order.is_win).not.toBe(4);
      const tape = (await marketRest<RestGroup[]>(`/market/history/trade?symbol=${order.symbol}&size=2000`))
        .flatMap((group) => group.data)
        .reverse();
      const bars = await marketRest<{ id: number; low: number; high: number }[]>(
        `/market/history/kline?symbol=${order.symbol}&period=1min&size=10`,
      );
      for (const [price, instant, tradeId, tradeTs] of [
        [order.buyprice, order.buytime_ms, order.buy_trade_id, order.buy_trade_ts],
        [order.sellprice, order.selltime_ms, order.sell_trade_id, order.sell_trade_ts],
      ] as const) {
        const index = tape.findIndex((trade) => String(trade['trade-id']) === tradeId);
        expect(index, `trade ${tradeId}`).toBeGreaterThanOrEqual(0);
        expect(tape[index]!.ts).toBe(tradeTs);
        expect(new Big(tape[index]!.price).eq(price)).toBe(true);
        expect(tape[index]!.ts).toBeLessThanOrEqual(instant);
        if (tape[index + 1]) expect(tape[index + 1]!.ts).toBeGreaterThan(instant);
        const bar = bars.find((b) => b.id === Math.floor(tradeTs! / 60_000) * 60)!;
        expect(new Big(bar.low).lte(price) && new Big(bar.high).gte(price)).toBe(true);
      }
    }

    // On the narrowest phone: the trades' long figures are what a narrow detail would break.
    await page.setViewportSize({ width: 320, height: 812 });
    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
    await dismissNoticeBanner(page);
    await page.getByTestId('view-toggle').click();
    await page.getByRole('tab', { name: 'Settled' }).click();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="option-order-settled"]').length >= count,
      orders.length,
      { timeout: UI_TIMEOUT_MS },
    );
    // The settled list is newest first.
    const newestFirst = [...orders].reverse();
    for (const [index, order] of newestFirst.entries()) {
      await page.getByTestId('option-order-settled').nth(index).click();
      const detail = await visible(page.getByTestId('option-detail'));
      expect(await detail.getByTestId('proof-entry').textContent()).toContain(`Trade #${order.buy_trade_id}`);
      expect(await detail.getByTestId('proof-settlement').textContent()).toContain(`Trade #${order.sell_trade_id}`);
      // Before, the labels took their whole width and a trade's number broke in two (#1055794 / 21160).
      expect(await unbroken(page)).toEqual({ brokenNumbers: [], brokenValues: [], sideways: 0 });
      await detail.getByTestId('verify-button').click();
      for (const [testId, tradeId, tradeTs, price] of [
        ['verify-entry', order.buy_trade_id, order.buy_trade_ts, order.buyprice],
        ['verify-settlement', order.sell_trade_id, order.sell_trade_ts, order.sellprice],
      ] as const) {
        const card = await visible(detail.getByTestId(testId));
        await visible(card.getByTestId('verify-verdict'));
        expect(await card.getByTestId('verify-trade-id').textContent()).toBe(tradeId);
        // The trade's time reads as a date to the millisecond, for that very instant; no epoch number on screen.
        const time = card.getByTestId('verify-trade-time');
        if (tradeTs === null) throw new Error(`the order names no ${testId} trade time`);
        expect(await time.getAttribute('datetime')).toBe(new Date(tradeTs).toISOString());
        expect(await time.textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
        expect(await card.textContent()).not.toContain(String(tradeTs));
        expect(
          new Big((await card.getByTestId('verify-price').textContent()) ?? '').eq(
            new Big(price).round(6, Big.roundDown),
          ),
        ).toBe(true);
        expect(await card.getByTestId('verify-verdict').textContent()).toContain("Inside this minute's low–high range");
        const low = new Big((await card.getByTestId('verify-low').textContent()) ?? '');
        const high = new Big((await card.getByTestId('verify-high').textContent()) ?? '');
        expect(low.lte(price) && high.gte(new Big(price).round(6, Big.roundDown))).toBe(true);
      }
      expect(await unbroken(page)).toEqual({ brokenNumbers: [], brokenValues: [], sideways: 0 });
      await detail.getByRole('button', { name: 'Close' }).click();
      await detail.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    }
    await context.close();
  }, 180_000);
});
