import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TradeGroup } from '../../../../feed/types.ts';
import type { SpotOrderView } from '../spot-order-view.ts';
import { Simulator } from '../../../../feed/sim/simulator.ts';
import { SYMBOLS } from '../../../../feed/symbols.ts';
import { START_MS, startTradingHarness, type TradingHarness } from './trading-harness.ts';
import { expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

const toUnits = (value: number): bigint => BigInt(Math.round(value * 1e8));
const cents = (u: bigint): string =>
  `${u / 100_000_000n}.${(u % 100_000_000n).toString().padStart(8, '0').slice(0, 2)}`;

describe('api/Trade limit orders against the seeded simulator', () => {
  let h: TradingHarness;
  let user: { id: number; token: string };
  let btcMarket: number;
  beforeEach(async () => {
    h = await startTradingHarness({ source: 'simulate', seed: 7 });
    user = h.addUser('trader', { usdt: '50000', btc: '1' });
    btcMarket = h.trading.markets.marketBySymbol('btcusdt')!.id;
    h.advance(2000);
  });
  afterEach(async () => h.close());

  const lastPrice = (): bigint => units(h.feed.priceAt('btcusdt', h.clock.now())!);
  const orderRow = (id: number): { status: number; filled_qty: bigint } =>
    h.db.prepare('SELECT status, filled_qty FROM spot_orders WHERE id = ?').safeIntegers(true).get(id) as {
      status: number;
      filled_qty: bigint;
    };
  /** btcusdt prints after `from` up to `to`, oldest first, price and amount as units. */
  const prints = (groups: readonly TradeGroup[], from: number, to: number): { price: bigint; amount: bigint }[] =>
    groups
      .filter((g) => g.ts > from && g.ts <= to)
      .flatMap((g) =>
        [...g.data].reverse().map((trade) => ({ price: toUnits(trade.price), amount: toUnits(trade.amount) })),
      );

  /**
   * When to place and at what limit so the market reaches it only after a while: a twin of the
   * feed's simulator (same seed and start, so the same trades) is run ahead; the order is placed at
   * the first 10 s mark from `fromMs` where the extreme of the price then and of the next 3 s is
   * gone through later. The check itself reads the real feed.
   */
  const plan = (side: 'buy' | 'sell', fromMs: number): { placeAt: number; limit: bigint } => {
    // btcusdt is the catalogue's first symbol, so a one-symbol twin draws the same random stream.
    const twin = new Simulator({ seed: 7, startMs: START_MS, symbols: SYMBOLS.slice(0, 1) });
    const all: { ts: number; price: bigint }[] = [];
    for (let t = START_MS + 1000; t <= fromMs + 900_000; t += 1000) {
      twin.advanceTo(t);
      for (const g of twin.tradeGroups('btcusdt', t))
        if (g.ts > t - 1000)
          for (const trade of [...g.data].reverse()) all.push({ ts: g.ts, price: toUnits(trade.price) });
    }
    const better = (a: bigint, b: bigint): boolean => (side === 'buy' ? a < b : a > b);
    for (let placeAt = fromMs; placeAt <= fromMs + 300_000; placeAt += 10_000) {
      const before = all.filter((p) => p.ts <= placeAt);
      let limit = before[before.length - 1]!.price;
      for (const p of all) if (p.ts > placeAt && p.ts <= placeAt + 3000 && better(p.price, limit)) limit = p.price;
      if (all.some((p) => p.ts > placeAt + 3000 && p.ts <= placeAt + 600_000 && better(p.price, limit)))
        return { placeAt, limit };
    }
    throw new Error('the twin market never goes through a limit');
  };

  /**
   * Steps the clock 100 ms at a time until the order is filled, checking at every step against the
   * real feed's prints: the order has filled exactly the volume printed through its limit since it
   * was placed (each print's amount, in the pair's 1e-6 steps, up to what the order still wanted),
   * with one fill record per such print, and it is open exactly while something is left. Returns
   * how many steps it stayed open and how many prints filled it.
   */
  const watchUntilFilled = (
    id: number,
    placedAt: number,
    quantity: bigint,
    through: (price: bigint) => boolean,
  ): { openSteps: number; fills: number } => {
    let checkedTo = placedAt;
    let filled = 0n;
    let fills = 0;
    for (let step = 1; step <= 6000; step++) {
      h.advance(100);
      const now = h.clock.now();
      for (const print of prints(h.feed.data.tradeGroups('btcusdt', now).slice(-200), checkedTo, now)) {
        if (!through(print.price) || filled === quantity) continue;
        const left = quantity - filled;
        const take = print.amount >= left ? left : print.amount - (print.amount % 100n);
        if (take > 0n) fills++;
        filled += take;
      }
      checkedTo = now;
      const row = orderRow(id);
      expect(row.filled_qty, `step ${step}`).toBe(filled);
      expect(Number(row.status), `step ${step}`).toBe(filled === quantity ? 2 : 1);
      expect(h.trading.spotOrders.fills(id).length, `step ${step}`).toBe(fills);
      if (filled === quantity) return { openSteps: step, fills };
    }
    throw new Error('the limit was never traded through by enough volume in 10 simulated minutes');
  };

  it('a limit buy freezes its cost, stays open until the feed trades below it, fills by the volume traded below it at its price', async () => {
    const quantity = units('0.25');
    const { placeAt: placedAt, limit } = plan('buy', h.clock.now());
    h.advance(placedAt - h.clock.now());
    const cost = (quantity * limit + 99_999_999n) / 100_000_000n;
    const answer = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: btcMarket, type: 1, operate_type: 1, price: cents(limit), num: '0.25' },
      user.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.msg).toBe('Order placed');
    expect(answer.data).toMatchObject({
      status: 1,
      xjprice: cents(limit),
      predict_num: '0.250000',
      coinnum: '0.000000',
    });
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('50000') - cost, frozen: cost });

    const { openSteps, fills } = watchUntilFilled(answer.data.id, placedAt, quantity, (price) => price < limit);
    expect(openSteps).toBeGreaterThan(1);
    // The simulator's prints are smaller than 0.25 BTC: the order fills across several of them.
    expect(fills).toBeGreaterThan(1);
    const fee = (quantity * 1000n) / 1_000_000n;
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('50000') - cost, frozen: 0n });
    expect(h.balance(user.id, 'btc').available).toBe(units('1') + quantity - fee);
    const list = await h.post<{ list: SpotOrderView[] }>('Trade/getOrderList', { status: 2 }, user.token);
    expect(list.data.list[0]).toMatchObject({
      id: answer.data.id,
      price: cents(limit),
      coinnum: '0.250000',
      amount: (Number(cost) / 1e8).toFixed(8),
    });
    expectBillsMatchBalances(h.db);
  });

  it('a limit sell freezes the coin and fills at its price by the volume the feed trades above it', async () => {
    const quantity = units('0.4');
    const { placeAt: placedAt, limit } = plan('sell', h.clock.now());
    h.advance(placedAt - h.clock.now());
    const proceeds = (quantity * limit) / 100_000_000n;
    const answer = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: btcMarket, type: 2, operate_type: 1, price: cents(limit), num: '0.4' },
      user.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('0.6'), frozen: quantity });
    expect(watchUntilFilled(answer.data.id, placedAt, quantity, (price) => price > limit).fills).toBeGreaterThan(1);
    const fee = (proceeds * 1000n) / 1_000_000n;
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('0.6'), frozen: 0n });
    expect(h.balance(user.id, 'usdt').available).toBe(units('50000') + proceeds - fee);
    expectBillsMatchBalances(h.db);
  });

  it('cancel restores the frozen funds exactly; a second cancel, or one by another user, is refused', async () => {
    const limit = (lastPrice() / 2n / 1_000_000n) * 1_000_000n;
    const before = h.balance(user.id, 'usdt');
    const userBills = (): number =>
      h.db.prepare('SELECT COUNT(*) FROM bills WHERE user_id = ?').pluck().get(user.id) as number;
    const billsBefore = userBills();
    const placed = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: btcMarket, type: 1, operate_type: 1, price: cents(limit), num: '0.123457' },
      user.token,
    );
    expect(placed.code, placed.msg).toBe(1);
    expect(h.balance(user.id, 'usdt').frozen).toBeGreaterThan(0n);

    const other = h.addUser('intruder', { usdt: '10' });
    const stolen = await h.post('Trade/cancelOrder', { bb_id: placed.data.id }, other.token);
    expect(stolen).toMatchObject({ code: 0, msg: 'Order not found' });
    expect(h.balance(user.id, 'usdt').frozen).toBeGreaterThan(0n);

    h.advance(1000);
    const cancelled = await h.post<SpotOrderView>('Trade/cancelOrder', { bb_id: placed.data.id }, user.token);
    expect(cancelled.code, cancelled.msg).toBe(1);
    expect(cancelled.msg).toBe('Order cancelled');
    expect(cancelled.data).toMatchObject({ status: 3, status_text: 'Cancelled' });
    expect(h.balance(user.id, 'usdt')).toEqual(before);
    expect(userBills()).toBe(billsBefore + 4);

    const again = await h.post('Trade/cancelOrder', { bb_id: placed.data.id }, user.token);
    expect(again).toMatchObject({ code: 0, msg: 'Only open orders can be cancelled' });
    expect(h.balance(user.id, 'usdt')).toEqual(before);
    expect((await h.post('Trade/cancelOrder', { bb_id: 'abc' }, user.token)).msg).toBe('Order not found');
    const listed = await h.post<{ list: SpotOrderView[] }>('Trade/getOrderList', { status: 3 }, user.token);
    expect(listed.data.list.map((o) => o.id)).toEqual([placed.data.id]);
    expectBillsMatchBalances(h.db);
  });

  it('a filled order can no longer be cancelled and keeps its fill', async () => {
    const market = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: btcMarket, type: 1, operate_type: 2, amount: '50' },
      user.token,
    );
    expect(market.data.status).toBe(2);
    const after = h.balance(user.id, 'btc');
    const cancel = await h.post('Trade/cancelOrder', { bb_id: market.data.id }, user.token);
    expect(cancel).toMatchObject({ code: 0, msg: 'Only open orders can be cancelled' });
    expect(h.balance(user.id, 'btc')).toEqual(after);
  });
});
