import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.ts';
import { advanceServerClock, toast, visible } from '../support/app-helpers.ts';
import { demoToken } from '../support/screen-checks.ts';
import { apiData, dismissNoticeBanner, eventually } from '../support/trading-helpers.ts';

interface HyConfig {
  balance: string;
  hy_price_type: number;
  hy_numcolstmp: string;
  fee_rate: string;
  durations: { time: number; ykbl: string; min: string }[];
}
interface OptionOrder {
  order_id: number;
  status: number;
  is_win: number;
  num: string;
  fee: string;
  ykbl: string;
  buyprice: string;
  sellprice: string;
  payout: string;
  hyzd: number;
  ploss: string;
}

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/**
 * The settlement rule, computed here from the recorded prices alone: up wins when the settlement
 * price is above the buy price and pays stake × (1 + percent / 100); a lower price pays nothing; an
 * equal price returns the stake.
 */
function expectedPayout(order: OptionOrder): Big {
  const move = new Big(order.sellprice).cmp(new Big(order.buyprice));
  if (move === 0) return new Big(order.num);
  const won = move > 0 === (order.hyzd === 1);
  return won ? new Big(order.num).times(new Big(order.ykbl).div(100).plus(1)).round(8, Big.roundDown) : new Big(0);
}

describe('options (second contracts)', () => {
  it('buys up on the shortest duration, counts down, settles, and pays exactly what the rule says for the recorded price', async () => {
    const token = await demoToken(stack.baseUrl);
    const { page, context } = await stack.newPage({ token });
    // The page's clock runs as usual until the test moves it, with the server's, past the order's end.
    await page.clock.install();
    const config = await apiData<HyConfig>(stack.baseUrl, token, '/Contrade/getHyConfig');
    const shortest = [...config.durations].sort((a, b) => a.time - b.time)[0];
    if (!shortest) throw new Error('the server offers no duration');
    const multiplier = config.hy_numcolstmp.split(',')[0] ?? '1';
    const stake = Number(config.hy_price_type) === 2 ? new Big(multiplier).times(shortest.min).toFixed(2) : multiplier;

    await page.goto(`${stack.baseUrl}/options?currentSymbol=btcusdt&name=BTC/USDT`);
    await visible(page.getByTestId('day-summary'));
    await dismissNoticeBanner(page);
    await eventually(
      () => page.getByTestId('options-balance').textContent(),
      (text) => text === new Big(config.balance).toFixed(8),
      'the balance',
    );

    // Without a quantity and duration, buying opens the picker (docs/product-rules.md#options).
    await page.getByRole('button', { name: 'Buy up' }).click();
    const picker = await visible(page.getByTestId('option-picker'));
    await picker.getByTestId(`duration-${shortest.time}`).click();
    await picker.getByRole('button', { name: stake, exact: true }).click();
    await picker.getByRole('button', { name: 'Confirm' }).click();
    await visible(page.getByTestId('selection-button').filter({ hasText: stake }));

    await page.getByRole('button', { name: 'Buy up' }).click();
    const confirm = await visible(page.getByTestId('option-confirm'));
    const winPays = new Big(stake).times(new Big(shortest.ykbl).div(100).plus(1)).toFixed(8);
    expect(await confirm.getByTestId('payout-up').textContent()).toContain(winPays);
    // Only what the chosen direction pays (no "Payout if down wins 0.00000000" on Buy up).
    expect(await confirm.getByTestId('payout-down').count()).toBe(0);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Order placed');

    const countdown = await visible(page.getByTestId('option-countdown'));
    expect(await countdown.getByTestId('countdown-state').textContent()).toBe('Waiting to finish');
    // The running order is a card in the order bar, above the buttons: no dialog covers the chart.
    expect(await page.getByRole('dialog').count()).toBe(0);
    const chart = page.getByTestId('candle-chart');
    const [card, chartBox, buyUp] = await Promise.all([
      countdown.boundingBox(),
      chart.boundingBox(),
      page.getByTestId('buy-up').boundingBox(),
    ]);
    if (!card || !chartBox || !buyUp) throw new Error('the card, the chart or the buttons are not laid out');
    expect(card.y).toBeGreaterThanOrEqual(chartBox.y + chartBox.height - 0.5);
    expect(card.y + card.height).toBeLessThanOrEqual(buyUp.y + 0.5);
    // The chart draws the order's buy price, the server's, and the card how the order stands at the chart's price.
    const created = await apiData<{ list: OptionOrder[] }>(stack.baseUrl, token, '/Contrade/getHyOrderList', {
      status: 1,
      page: 1,
      limit: 10,
    });
    const buyPrice = created.list[0]?.buyprice ?? '';
    await eventually(
      () => chart.getAttribute('data-price-line'),
      (price) => price === buyPrice,
      'the buy-price line on the chart',
    );
    const running = await visible(countdown.getByTestId('running-result'));
    const standing = await running.evaluate((element) => {
      // The theme's up and down text colours, as the browser resolves them.
      const resolved = (name: string) => {
        const probe = document.body.appendChild(document.createElement('span'));
        probe.style.color = `var(${name})`;
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      };
      const colour = getComputedStyle(element).color;
      return {
        outcome: element.getAttribute('data-outcome'),
        text: element.textContent,
        tone: colour === resolved('--up-text') ? 'up' : colour === resolved('--down-text') ? 'down' : 'neutral',
      };
    });
    const lost = `-${new Big(stake).toFixed(8)}`;
    const won = `+${new Big(stake).times(shortest.ykbl).div(100).round(8, Big.roundDown).toFixed(8)}`;
    const shown = { win: `Winning ${won} USDT`, lose: `Losing ${lost} USDT`, tie: 'Even: stake back 0.00000000 USDT' };
    expect(standing.text).toBe(shown[standing.outcome as keyof typeof shown]);
    expect(standing.tone).toBe({ win: 'up', lose: 'down', tie: 'neutral' }[standing.outcome ?? '']);
    const first = Number(await countdown.getByTestId('countdown-seconds').textContent());
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(shortest.time);
    await eventually(
      () => countdown.getByTestId('countdown-seconds').textContent(),
      (text) => Number(text) < first,
      'the countdown to tick',
    );
    // Three seconds in, a ring that stood still would be outside the margin below.
    await eventually(
      () => countdown.getByTestId('countdown-seconds').textContent(),
      (text) => Number(text) <= first - 3,
      'three seconds to pass',
    );
    // The ring shows the time left: its left half empties over the first half of the contract, then its right half.
    const ring = await page.evaluate(() => {
      const turn = (id: string) => {
        const matrix = new DOMMatrix(getComputedStyle(document.querySelector(`[data-testid="${id}"]`)!).transform);
        return (Math.atan2(matrix.b, matrix.a) * 180) / Math.PI;
      };
      return {
        left: turn('countdown-arc-left'),
        right: turn('countdown-arc-right'),
        seconds: Number(document.querySelector('[data-testid="countdown-seconds"]')!.textContent),
      };
    });
    // Whole seconds shown, a second apart: the time gone is total - seconds up to a second more,
    // give or take a second for a late tick or a late first frame on a busy machine.
    const turnOf = (gone: number, half: 'left' | 'right') =>
      45 - 360 * Math.min(0.5, Math.max(0, half === 'left' ? gone : gone - 0.5));
    for (const half of ['left', 'right'] as const) {
      const least = 1 - (ring.seconds + 1) / shortest.time;
      const most = 1 - (ring.seconds - 2) / shortest.time;
      expect(ring[half]).toBeGreaterThanOrEqual(turnOf(most, half) - 2);
      expect(ring[half]).toBeLessThanOrEqual(turnOf(least, half) + 2);
    }

    const open = await apiData<{ list: OptionOrder[] }>(stack.baseUrl, token, '/Contrade/getHyOrderList', {
      status: 1,
      page: 1,
      limit: 10,
    });
    const placed = open.list[0];
    if (!placed) throw new Error('the order is not in progress');
    const afterCreate = await apiData<HyConfig>(stack.baseUrl, token, '/Contrade/getHyConfig');
    expect(new Big(afterCreate.balance).toFixed(8)).toBe(
      new Big(config.balance).minus(placed.num).minus(placed.fee).toFixed(8),
    );

    // The rest of the contract passes on both clocks at once: the page's countdown ends, the server settles.
    await advanceServerClock(stack.baseUrl, ring.seconds * 1000);
    await page.clock.fastForward(ring.seconds * 1000);
    await eventually(
      () => countdown.getByTestId('countdown-state').textContent(),
      (text) => text === 'Finished',
      'the order to settle',
    );
    // Settled: the buy-price line goes, the result takes the running figures' place.
    await eventually(
      () => chart.getAttribute('data-price-line'),
      (price) => price === null,
      'the buy-price line to go',
    );
    expect(await countdown.getByTestId('running-result').count()).toBe(0);

    const order = await apiData<OptionOrder>(stack.baseUrl, token, '/Contrade/getHyOrderInfo', {
      order_id: placed.order_id,
    });
    expect(order.status).toBe(2);
    const payout = expectedPayout(order);
    expect(new Big(order.payout).eq(payout)).toBe(true);
    const final = await apiData<HyConfig>(stack.baseUrl, token, '/Contrade/getHyConfig');
    expect(new Big(final.balance).toFixed(8)).toBe(
      new Big(config.balance).minus(order.num).minus(order.fee).plus(payout).toFixed(8),
    );
    const resultText = await countdown.getByTestId('result-text').textContent();
    const move = new Big(order.sellprice).cmp(new Big(order.buyprice));
    expect(resultText).toBe(move > 0 ? 'Win' : move < 0 ? 'Lose' : 'Tie (stake returned)');

    await countdown.getByRole('button', { name: 'Close' }).click();
    await eventually(
      () => page.getByTestId('options-balance').textContent(),
      (text) => text === new Big(final.balance).toFixed(8),
      'the settled balance on screen',
    );

    await page.getByTestId('view-toggle').click();
    await page.getByRole('tab', { name: 'Settled' }).click();
    await (await visible(page.getByTestId('option-order-settled'))).click();
    const detail = await visible(page.getByTestId('option-detail'));
    expect(await detail.getByTestId('result-ploss').textContent()).toBe(order.ploss);
    await context.close();
  }, 150_000);
});
