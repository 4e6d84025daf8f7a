import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SpotOrderView } from '../spot-order-view.ts';
import { replayedSpotSession, START_MS, type TradingHarness } from './trading-harness.ts';
import { expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

/**
 * A replayed session of our own making whose prints carry known amounts (amount precision 4, price
 * precision 2): 100.00 x 1.0001 at 0 s, 99.50 x 0.3 at 5 s, 99.40 x 0.25 at 10 s, 99.45 x 0.5 at
 * 15 s, 99.30 x 2 at 20 s, 100.80 x 0.4 at 25 s, 100.80 x 5 at 30 s, 100.90 x 1 at 35 s.
 */
describe('api/Trade limit orders fill by the volume the feed trades through them', () => {
  const session = replayedSpotSession(
    'partial',
    [
      { atMs: 0, price: 100.0, amount: 1.0001 },
      { atMs: 5000, price: 99.5, amount: 0.3 },
      { atMs: 10_000, price: 99.4, amount: 0.25 },
      { atMs: 15_000, price: 99.45, amount: 0.5 },
      { atMs: 20_000, price: 99.3, amount: 2 },
      { atMs: 25_000, price: 100.8, amount: 0.4 },
      { atMs: 30_000, price: 100.8, amount: 5 },
      { atMs: 35_000, price: 100.9, amount: 1 },
    ],
    [{ atMs: 0, bids: [[99.9, 1.5]], asks: [[100.1, 0.5]] }],
  );
  let h: TradingHarness;
  let user: { id: number; token: string };
  let market: number;
  beforeEach(async () => {
    ({ h, user, market } = await session.start());
  });
  afterEach(async () => h.close());

  const place = async (token: string, type: 1 | 2, price: string, num: string): Promise<SpotOrderView> => {
    const answer = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type, operate_type: 1, price, num },
      token,
    );
    expect(answer.code, answer.msg).toBe(1);
    return answer.data;
  };
  const order = (id: number) => h.trading.spotOrders.find(id)!;
  /** Moves the clock (with a trading pass every 100 ms) to half a second after `atMs` into the session. */
  const advanceTo = (atMs: number): void => h.advance(START_MS + atMs + 500 - h.clock.now());
  const listed = async (status: 1 | 2 | 3, id: number): Promise<SpotOrderView | undefined> => {
    const answer = await h.post<{ list: SpotOrderView[] }>('Trade/getOrderList', { status }, user.token);
    return answer.data.list.find((o) => o.id === id);
  };

  it('a print at the limit fills nothing; a smaller print through it fills part; later prints complete it', async () => {
    const placed = await place(user.token, 1, '99.50', '1');
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('900.5'), frozen: units('99.5') });

    advanceTo(5000);
    expect(h.feed.priceAt('btcusdt', h.clock.now())).toBe('99.5');
    expect(order(placed.id)).toMatchObject({ status: 1, filled_qty: 0n });

    advanceTo(10_000);
    expect(order(placed.id)).toMatchObject({
      status: 1,
      filled_qty: units('0.25'),
      filled_value: units('24.875'),
      fee: units('0.00025'),
      frozen: units('74.625'),
    });
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('900.5'), frozen: units('74.625') });
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('3.25') - units('0.00025'), frozen: 0n });
    expect(await listed(1, placed.id)).toMatchObject({
      status: 1,
      status_text: 'Partially filled',
      predict_num: '1.0000',
      coinnum: '0.2500',
      xjprice: '99.50',
    });

    advanceTo(15_000);
    expect(order(placed.id)).toMatchObject({ status: 1, filled_qty: units('0.75'), frozen: units('24.875') });

    advanceTo(20_000);
    expect(order(placed.id)).toMatchObject({
      status: 2,
      filled_qty: units('1'),
      filled_value: units('99.5'),
      fee: units('0.001'),
      frozen: 0n,
    });
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('900.5'), frozen: 0n });
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('4') - units('0.001'), frozen: 0n });
    expect(h.trading.spotOrders.fills(placed.id).map((f) => f.quantity)).toEqual([
      units('0.25'),
      units('0.5'),
      units('0.25'),
    ]);
    expect(await listed(1, placed.id)).toBeUndefined();
    expect(await listed(2, placed.id)).toMatchObject({
      status_text: 'Completed',
      predict_num: '1.0000',
      coinnum: '1.0000',
      amount: '99.50000000',
      fee: '0.00100000',
      fee_coin: 'BTC',
    });
    expectBillsMatchBalances(h.db);
  });

  it('our orders share one print in price then time priority; the other side draws on the whole print', async () => {
    const a = h.addUser('alice', { usdt: '100' });
    const b = h.addUser('bob', { usdt: '100' });
    const c = h.addUser('carol', { usdt: '100' });
    const d = h.addUser('dave', { btc: '1' });
    const first = await place(a.token, 1, '99.60', '0.25');
    h.advance(100);
    const lower = await place(b.token, 1, '99.55', '0.3');
    h.advance(100);
    const later = await place(c.token, 1, '99.60', '0.1');
    const seller = await place(d.token, 2, '99.00', '0.1');

    // 99.50 x 0.3: alice (99.60, first) 0.25, carol (99.60, later) the last 0.05, bob (99.55) nothing; dave's sell its own 0.1.
    advanceTo(5000);
    expect([first, later, lower].map((o) => order(o.id).filled_qty)).toEqual([units('0.25'), units('0.05'), 0n]);
    expect(order(first.id).status).toBe(2);
    expect(order(seller.id)).toMatchObject({ status: 2, filled_qty: units('0.1') });

    // 99.40 x 0.25: carol's rest 0.05 first (better price), then bob 0.2.
    advanceTo(10_000);
    expect([later, lower].map((o) => order(o.id).filled_qty)).toEqual([units('0.1'), units('0.2')]);
    expect(order(later.id).status).toBe(2);
    advanceTo(15_000);
    expect(order(lower.id)).toMatchObject({ status: 2, filled_qty: units('0.3') });
    expect(h.balance(b.id, 'usdt')).toEqual({ available: units('100') - units('29.865'), frozen: 0n });
    expect(h.balance(c.id, 'btc').available).toBe(units('0.1') - units('0.0001'));
    expectBillsMatchBalances(h.db);
  });

  it('cancel after a partial fill returns exactly the rest and keeps the filled part', async () => {
    const buy = await place(user.token, 1, '99.50', '1');
    advanceTo(10_000);
    const cancelled = await h.post<SpotOrderView>('Trade/cancelOrder', { bb_id: buy.id }, user.token);
    expect(cancelled.code, cancelled.msg).toBe(1);
    expect(cancelled.data).toMatchObject({
      status: 3,
      status_text: 'Partially filled, cancelled',
      predict_num: '1.0000',
      coinnum: '0.2500',
      amount: '24.87500000',
    });
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('1000') - units('24.875'), frozen: 0n });
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('3.25') - units('0.00025'), frozen: 0n });
    const unfreeze = h.db
      .prepare("SELECT part, amount FROM bills WHERE ref_id = ? AND kind = 'spot_unfreeze' ORDER BY id")
      .safeIntegers(true)
      .all(buy.id);
    expect(unfreeze).toEqual([
      { part: 'frozen', amount: -units('74.625') },
      { part: 'available', amount: units('74.625') },
    ]);
    // Later prints through the limit no longer touch it.
    advanceTo(20_000);
    expect(order(buy.id)).toMatchObject({ status: 3, filled_qty: units('0.25'), frozen: 0n });
    expect(await h.post('Trade/cancelOrder', { bb_id: buy.id }, user.token)).toMatchObject({
      code: 0,
      msg: 'Only open orders can be cancelled',
    });

    // A sell: 100.80 x 0.4 fills 0.4 of 1 at 100.50; the cancel returns the other 0.6 BTC.
    const sell = await place(user.token, 2, '100.50', '1');
    advanceTo(25_000);
    expect(order(sell.id)).toMatchObject({
      status: 1,
      filled_qty: units('0.4'),
      filled_value: units('40.2'),
      fee: units('0.0402'),
      frozen: units('0.6'),
    });
    const usdtBefore = h.balance(user.id, 'usdt');
    expect((await h.post('Trade/cancelOrder', { bb_id: sell.id }, user.token)).code).toBe(1);
    expect(h.balance(user.id, 'btc')).toEqual({
      available: units('3.25') - units('0.00025') - units('0.4'),
      frozen: 0n,
    });
    expect(h.balance(user.id, 'usdt')).toEqual(usdtBefore);
    expect(await listed(3, sell.id)).toMatchObject({
      coinnum: '0.4000',
      predict_num: '1.0000',
      amount: '40.20000000',
      fee: '0.04020000',
      fee_coin: 'USDT',
    });
    expectBillsMatchBalances(h.db);
  });

  it('a sell resting at 100.80 is not filled by prints at 100.80, only by the print above it', async () => {
    advanceTo(20_000);
    const sell = await place(user.token, 2, '100.80', '2');
    advanceTo(30_000);
    expect(h.feed.priceAt('btcusdt', h.clock.now())).toBe('100.8');
    expect(order(sell.id)).toMatchObject({ status: 1, filled_qty: 0n });
    advanceTo(35_000);
    expect(order(sell.id)).toMatchObject({ status: 1, filled_qty: units('1') });
  });

  it('two cancels in flight on a partly filled order: one returns the rest, the other is refused', async () => {
    const buy = await place(user.token, 1, '99.50', '1');
    advanceTo(10_000);
    const answers = await Promise.all([0, 1].map(() => h.post('Trade/cancelOrder', { bb_id: buy.id }, user.token)));
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('1000') - units('24.875'), frozen: 0n });
    expectBillsMatchBalances(h.db);
  });

  it('the same print delivered twice fills once', async () => {
    const buy = await place(user.token, 1, '99.50', '1');
    h.advance(100);
    const print = { price: '99', amount: '0.1', ts: h.clock.now(), tradeId: '424242' };
    h.trading.spot.onTrade('btcusdt', print);
    h.trading.spot.onTrade('btcusdt', print);
    expect(order(buy.id)).toMatchObject({ status: 1, filled_qty: units('0.1') });
    expect(h.trading.spotOrders.fills(buy.id)).toHaveLength(1);
    expectBillsMatchBalances(h.db);
  });
});
