import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SpotOrderView } from '../spot-order-view.ts';
import { replayedSpotSession, START_MS, type TradingHarness } from './trading-harness.ts';
import { expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

/**
 * A replayed session with known prints: 100.00 at 0 s, 100.50 at 5 s, 101.25 at 10 s, 99.00 at
 * 15 s, 98.50 at 20 s (prices with 2 decimals, amounts with 2); one book at 0 s: bids 1.5 at 99.9,
 * 2 at 99.8; asks 0.5 at 100.1, 1.25 at 100.2, 4 at 100.5.
 */
describe('api/Trade stop-limit orders and cancel-all against a replayed session', () => {
  const session = replayedSpotSession(
    'stopper',
    [
      { atMs: 0, price: 100.0 },
      { atMs: 5000, price: 100.5, amount: 3 },
      { atMs: 10_000, price: 101.25, amount: 3 },
      { atMs: 15_000, price: 99.0, amount: 5 },
      { atMs: 20_000, price: 98.5, amount: 5 },
    ],
    [
      {
        atMs: 0,
        bids: [
          [99.9, 1.5],
          [99.8, 2],
        ],
        asks: [
          [100.1, 0.5],
          [100.2, 1.25],
          [100.5, 4],
        ],
      },
    ],
  );
  let h: TradingHarness;
  let user: { id: number; token: string };
  let market: number;
  beforeEach(async () => {
    ({ h, user, market } = await session.start());
  });
  afterEach(async () => h.close());

  const order = (id: number) =>
    h.db
      .prepare('SELECT status, frozen, filled_qty, triggered_at FROM spot_orders WHERE id = ?')
      .safeIntegers(true)
      .get(id) as { status: bigint; frozen: bigint; filled_qty: bigint; triggered_at: bigint | null };
  const stop = (fields: Record<string, string | number>) =>
    h.post<SpotOrderView>('Trade/upbbbuy', { m_id: market, operate_type: 3, ...fields }, user.token);
  /** Moves the clock to `atMs` after the session's start, running the trading pass every 100 ms. */
  const advanceTo = (atMs: number): void => h.advance(START_MS + atMs - h.clock.now());

  it('a buy stop above the last price waits, frozen, and fires on a print AT its trigger, taking the book at its prices', async () => {
    const placed = await stop({ type: 1, trigger_price: '100.50', price: '100.60', num: '2' });
    expect(placed.code, placed.msg).toBe(1);
    expect(placed.data).toMatchObject({
      status: 4,
      operate_type: 3,
      trigger_price: '100.50',
      triggered_at: 0,
      xjprice: '100.60',
      coinnum: '0.00',
      total: '0.00000000',
    });
    expect(placed.data.status_text).toBe('Waiting for trigger');
    expect(placed.data.ordertype_text).toBe('Stop-limit');
    // It froze ceil(2 x 100.60) and sits in the cancellable list (status 1) and in the waiting list (status 4).
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('1000') - units('201.2'), frozen: units('201.2') });
    const cancellable = await h.post<{ list: SpotOrderView[] }>('Trade/getOrderList', { status: 1 }, user.token);
    expect(cancellable.data.list.map((o) => [o.id, o.status])).toEqual([[placed.data.id, 4]]);
    const waiting = await h.post<{ list: SpotOrderView[] }>('Trade/getOrderList', { status: 4 }, user.token);
    expect(waiting.data.list.map((o) => o.id)).toEqual([placed.data.id]);

    advanceTo(4900);
    expect(Number(order(placed.data.id).status)).toBe(4);
    advanceTo(5000);
    // The print at 100.50 fired it: 0.5 x 100.1 + 1.25 x 100.2 + 0.25 x 100.5 = 200.425, the rest of the freeze back.
    const row = order(placed.data.id);
    expect(Number(row.status)).toBe(2);
    expect(Number(row.triggered_at)).toBeGreaterThan(START_MS + 4900);
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('1000') - units('200.425'), frozen: 0n });
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('3') + units('2') - units('0.002'), frozen: 0n });
    const done = (await h.post<{ list: SpotOrderView[] }>('Trade/getOrderList', { status: 2 }, user.token)).data
      .list[0]!;
    expect(done).toMatchObject({
      id: placed.data.id,
      status: 2,
      operate_type: 3,
      coinnum: '2.00',
      total: '200.42500000',
      fee: '0.00200000',
      fee_coin: 'BTC',
    });
    expect(done.triggered_at).toBe(Number(row.triggered_at));
    expectBillsMatchBalances(h.db);
  });

  it('a sell stop below the last price ignores prints above it and fires on a print at or below it', async () => {
    const placed = await stop({ type: 2, trigger_price: '99.00', price: '98.00', num: '1' });
    expect(placed.data).toMatchObject({ status: 4, trigger_price: '99.00' });
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('2'), frozen: units('1') });
    advanceTo(14_900);
    expect(Number(order(placed.data.id).status)).toBe(4);
    advanceTo(15_000);
    // Fired by 99.00: sells 1 to the bid at 99.9 (at or above its 98.00), fee 0.1 % of 99.9.
    expect(Number(order(placed.data.id).status)).toBe(2);
    expect(h.balance(user.id, 'usdt')).toEqual({
      available: units('1000') + units('99.9') - units('0.0999'),
      frozen: 0n,
    });
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('2'), frozen: 0n });
    expectBillsMatchBalances(h.db);
  });

  it('a waiting stop is not filled by prints through its limit; once fired and not marketable it rests and prints fill it', async () => {
    // A sell stop at 100.00 waiting for 99.00: the print at 100.50 goes through its limit but it is not active yet.
    const sell = await stop({ type: 2, trigger_price: '99.00', price: '100.00', num: '1' });
    // A buy stop waiting for 101.25 with a limit of 99.50, below every ask.
    const buy = await stop({ type: 1, trigger_price: '101.25', price: '99.50', num: '1' });
    advanceTo(10_000);
    expect(Number(order(sell.data.id).status)).toBe(4);
    expect(order(buy.data.id)).toMatchObject({ status: 1n, filled_qty: 0n, frozen: units('99.5') });
    advanceTo(15_000);
    // 99.00 fires the sell (the bids at 99.9 are below its 100.00: it rests) and goes through the buy's 99.50.
    expect(order(sell.data.id)).toMatchObject({ status: 1n, filled_qty: 0n, frozen: units('1') });
    expect(order(buy.data.id)).toMatchObject({ status: 2n, filled_qty: units('1'), frozen: 0n });
    expect(h.trading.spotOrders.fills(buy.data.id).map((f) => f.price)).toEqual([units('99.5')]);
    const cancelled = await h.post<SpotOrderView>('Trade/cancelOrder', { bb_id: sell.data.id }, user.token);
    expect(cancelled.data).toMatchObject({ status: 3, coinnum: '0.00' });
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('3') + units('1') - units('0.001') - 0n, frozen: 0n });
    expectBillsMatchBalances(h.db);
  });

  it('cancelling a waiting stop gives back everything it froze', async () => {
    const placed = await stop({ type: 1, trigger_price: '120', price: '121', num: '3' });
    expect(h.balance(user.id, 'usdt').frozen).toBe(units('363'));
    const cancelled = await h.post<SpotOrderView>('Trade/cancelOrder', { bb_id: placed.data.id }, user.token);
    expect(cancelled).toMatchObject({
      code: 1,
      msg: 'Order cancelled',
      data: { status: 3, operate_type: 3, triggered_at: 0 },
    });
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('1000'), frozen: 0n });
    advanceTo(20_000);
    expect(Number(order(placed.data.id).status)).toBe(3);
  });

  it('refuses a trigger at the last price, a missing or too precise trigger, and a stop the balance cannot hold; nothing moves', async () => {
    const before = {
      usdt: h.balance(user.id, 'usdt'),
      btc: h.balance(user.id, 'btc'),
      orders: h.db.prepare('SELECT COUNT(*) FROM spot_orders').pluck().get(),
    };
    expect(await stop({ type: 1, trigger_price: '100', price: '101', num: '1' })).toEqual({
      code: 0,
      msg: 'The trigger price must be above or below the last price (100.00)',
      data: null,
    });
    expect(await stop({ type: 1, price: '101', num: '1' })).toMatchObject({
      code: 0,
      msg: 'Please enter the trigger price',
    });
    expect(await stop({ type: 1, trigger_price: '0', price: '101', num: '1' })).toMatchObject({
      code: 0,
      msg: 'The trigger price must be a number greater than 0',
    });
    expect(await stop({ type: 1, trigger_price: '100.001', price: '101', num: '1' })).toMatchObject({
      code: 0,
      msg: 'The trigger price can have at most 2 decimals',
    });
    expect(await stop({ type: 1, trigger_price: '101', num: '1' })).toMatchObject({
      code: 0,
      msg: 'Please enter the order price',
    });
    expect(await stop({ type: 1, trigger_price: '101', price: '101' })).toMatchObject({
      code: 0,
      msg: 'Please enter the order quantity',
    });
    expect(await stop({ type: 1, trigger_price: '101', price: '101', num: '10' })).toMatchObject({
      code: 0,
      msg: 'Insufficient available balance',
    });
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/Trade/upbbbuy',
      payload: `m_id=${market}&type=1&operate_type=3&trigger_price=100&price=101&num=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: user.token, lang: 'zh-cn' },
    });
    expect(response.json()).toMatchObject({ code: 0, msg: '触发价格必须高于或低于最新价（100.00）' });
    expect({
      usdt: h.balance(user.id, 'usdt'),
      btc: h.balance(user.id, 'btc'),
      orders: h.db.prepare('SELECT COUNT(*) FROM spot_orders').pluck().get(),
    }).toEqual(before);
  });

  it('cancel-all cancels every open and waiting order of the caller, of one pair or all, in one go; fills are kept', async () => {
    const other = h.addUser('bystander', { usdt: '1000' });
    const theirs = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 1, operate_type: 1, price: '90', num: '1' },
      other.token,
    );
    await h.post('Trade/upbbbuy', { m_id: market, type: 1, operate_type: 1, price: '90', num: '2' }, user.token);
    await h.post('Trade/upbbbuy', { m_id: market, type: 2, operate_type: 1, price: '110', num: '1' }, user.token);
    await stop({ type: 1, trigger_price: '120', price: '121', num: '1' });
    // Partly filled at once: 0.5 at 100.1 taken, 1.5 resting at 100.1.
    const partial = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 1, operate_type: 1, price: '100.1', num: '2' },
      user.token,
    );
    expect(partial.data).toMatchObject({ status: 1, coinnum: '0.50' });
    expect(h.balance(user.id, 'usdt').frozen).toBeGreaterThan(0n);

    expect(await h.post('Trade/cancelAll', { m_id: 9999 }, user.token)).toMatchObject({
      code: 0,
      msg: 'This trading pair does not exist',
    });
    const all = await h.post<{ cancelled: number }>('Trade/cancelAll', { m_id: market }, user.token);
    expect(all).toEqual({ code: 1, msg: 'Orders cancelled: 4', data: { cancelled: 4 } });
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('1000') - units('50.05'), frozen: 0n });
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('3') + units('0.5') - units('0.0005'), frozen: 0n });
    const cancelled = (await h.post<{ list: SpotOrderView[] }>('Trade/getOrderList', { status: 3 }, user.token)).data
      .list;
    expect(cancelled).toHaveLength(4);
    expect(cancelled.find((o) => o.id === partial.data.id)).toMatchObject({ coinnum: '0.50', total: '50.05000000' });
    // Someone else's order is untouched; with nothing left, a second cancel-all (every pair) cancels none.
    expect(Number(order(theirs.data.id).status)).toBe(1);
    h.advance(2000);
    expect(await h.post('Trade/cancelAll', {}, user.token)).toEqual({
      code: 1,
      msg: 'Orders cancelled: 0',
      data: { cancelled: 0 },
    });
    expect((await h.post('Trade/cancelAll', {})).code).toBe(401);
    expectBillsMatchBalances(h.db);
  });
});
