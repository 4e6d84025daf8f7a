import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SpotOrderView } from '../spot-order-view.ts';
import { replayedSpotSession, type TradingHarness } from './trading-harness.ts';
import { expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

/**
 * A replayed session of our own making with known prints: 100.00 at 0 s, exactly 99.50 at 5 s,
 * 99.49 at 10 s, 100.60 at 15 s, each big enough to fill these orders whole (partial fills by
 * smaller prints: spot-partial-fills.test.ts); one book at 0 s.
 */
describe('api/Trade against a replayed session', () => {
  const session = replayedSpotSession(
    'replayer',
    [
      { atMs: 0, price: 100.0 },
      { atMs: 5000, price: 99.5, amount: 3 },
      { atMs: 10_000, price: 99.49, amount: 5 },
      { atMs: 15_000, price: 100.6, amount: 5 },
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

  const status = (id: number): number =>
    h.db.prepare('SELECT status FROM spot_orders WHERE id = ?').pluck().get(id) as number;

  it('a limit buy at 99.50 stays open on a print exactly at 99.50 and fills at 99.50 on the print at 99.49', async () => {
    const placed = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 1, operate_type: 1, price: '99.50', num: '2' },
      user.token,
    );
    expect(placed.code, placed.msg).toBe(1);
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('801'), frozen: units('199') });
    h.advance(5000);
    expect(h.feed.priceAt('btcusdt', h.clock.now())).toBe('99.5');
    expect(status(placed.data.id)).toBe(1);
    h.advance(5000);
    expect(h.feed.priceAt('btcusdt', h.clock.now())).toBe('99.49');
    expect(status(placed.data.id)).toBe(2);
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('801'), frozen: 0n });
    expect(h.balance(user.id, 'btc').available).toBe(units('3') + units('2') - units('0.002'));
    const listed = await h.post<{ list: SpotOrderView[] }>('Trade/getOrderList', { status: 2 }, user.token);
    expect(listed.data.list[0]).toMatchObject({
      price: '99.50',
      coinnum: '2.00',
      amount: '199.00000000',
      fee: '0.00200000',
    });
    expectBillsMatchBalances(h.db);
  });

  it('a limit sell placed after a print above its price waits for the next print above it', async () => {
    h.advance(10_000);
    const placed = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 2, operate_type: 1, price: '100.5', num: '1' },
      user.token,
    );
    expect(placed.code, placed.msg).toBe(1);
    expect(status(placed.data.id)).toBe(1);
    h.advance(5000);
    expect(status(placed.data.id)).toBe(2);
    expect(h.balance(user.id, 'usdt').available).toBe(units('1000') + units('100.5') - units('0.1005'));
  });

  it('a cancel arriving after the feed already traded through finds the order filled', async () => {
    const placed = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 1, operate_type: 1, price: '99.9', num: '1' },
      user.token,
    );
    // Move the clock without the background pass: only the cancel itself looks at the feed.
    h.clock.advance(4500);
    const cancel = await h.post('Trade/cancelOrder', { bb_id: placed.data.id }, user.token);
    expect(cancel).toMatchObject({ code: 0, msg: 'Only open orders can be cancelled' });
    expect(status(placed.data.id)).toBe(2);
  });

  it('a limit buy 0.5 % above the market takes the asks at their prices, not at its limit, and unfreezes the saving', async () => {
    // The last price is 100.00; the book asks 0.5 at 100.1, 1.25 at 100.2, 4 at 100.5.
    const placed = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 1, operate_type: 1, price: '100.50', num: '2' },
      user.token,
    );
    expect(placed.code, placed.msg).toBe(1);
    // 0.5 x 100.1 + 1.25 x 100.2 + 0.25 x 100.5 = 50.05 + 125.25 + 25.125 = 200.425 of the 201 frozen (at 100.50 it was 201).
    expect(placed.data).toMatchObject({
      status: 2,
      coinnum: '2.00',
      amount: '200.42500000',
      total: '200.42500000',
      fee: '0.00200000',
      fee_coin: 'BTC',
    });
    expect(units(placed.data.price)).toBe(units('100.2125'));
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('1000') - units('200.425'), frozen: 0n });
    expect(h.balance(user.id, 'btc')).toEqual({ available: units('3') + units('2') - units('0.002'), frozen: 0n });
    const unfrozen = h.db
      .prepare("SELECT SUM(amount) FROM bills WHERE ref_id = ? AND kind = 'spot_unfreeze' AND part = 'available'")
      .safeIntegers(true)
      .pluck()
      .get(placed.data.id);
    expect(unfrozen).toBe(units('0.575'));
    expect(h.trading.spotOrders.fills(placed.data.id).map((f) => [f.trade_id, f.price, f.quantity])).toEqual([
      ['book-1', units('100.1'), units('0.5')],
      ['book-2', units('100.2'), units('1.25')],
      ['book-3', units('100.5'), units('0.25')],
    ]);
    expectBillsMatchBalances(h.db);
  });

  it('a limit buy deeper than the asks at its limit takes them and rests the rest at the limit, which a later print fills', async () => {
    const placed = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 1, operate_type: 1, price: '100.2', num: '3' },
      user.token,
    );
    expect(placed.code, placed.msg).toBe(1);
    // Book: 0.5 x 100.1 + 1.25 x 100.2 = 175.30 paid; the rest 1.25 needs 125.25 at 100.2; 300.60 frozen, so 0.05 saved.
    expect(placed.data).toMatchObject({ status: 1, coinnum: '1.75', predict_num: '3.00', fee: '0.00175000' });
    expect(h.balance(user.id, 'usdt')).toEqual({
      available: units('1000') - units('175.3') - units('125.25'),
      frozen: units('125.25'),
    });
    h.advance(5000);
    // The print at 99.50 (3 BTC) fills the rest at 100.2.
    const done = (await h.post<{ list: SpotOrderView[] }>('Trade/getOrderList', { status: 2 }, user.token)).data
      .list[0]!;
    expect(done).toMatchObject({
      id: placed.data.id,
      coinnum: '3.00',
      amount: '300.55000000',
      total: '300.55000000',
      fee: '0.00300000',
    });
    expect(units(done.price)).toBe((units('300.55') * 100_000_000n) / units('3'));
    expect(h.balance(user.id, 'usdt')).toEqual({ available: units('1000') - units('300.55'), frozen: 0n });
    expect(h.balance(user.id, 'btc').available).toBe(units('3') + units('3') - units('0.003'));
    expectBillsMatchBalances(h.db);
  });

  it('a limit sell below the bids takes them at their prices; cancelling its rest returns exactly the rest', async () => {
    const placed = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 2, operate_type: 1, price: '99.8', num: '3' },
      user.token,
    );
    expect(placed.code, placed.msg).toBe(1);
    // 1.5 x 99.9 + 1.5 x 99.8 = 149.85 + 149.70 = 299.55, fee 0.29955; the whole 3 sold at once.
    expect(placed.data).toMatchObject({
      status: 2,
      coinnum: '3.00',
      amount: '299.55000000',
      fee: '0.29955000',
      fee_coin: 'USDT',
    });
    const partial = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 2, operate_type: 1, price: '99.9', num: '0.5' },
      h.addUser('other', { btc: '2' }).token,
    );
    expect(partial.data).toMatchObject({ status: 2, coinnum: '0.50' });
    const seller = h.addUser('seller2', { btc: '5' });
    const big = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 2, operate_type: 1, price: '99.9', num: '4' },
      seller.token,
    );
    expect(big.data).toMatchObject({ status: 1, coinnum: '1.50' });
    expect(h.balance(seller.id, 'btc')).toEqual({ available: units('1'), frozen: units('2.5') });
    const cancelled = await h.post<SpotOrderView>('Trade/cancelOrder', { bb_id: big.data.id }, seller.token);
    expect(cancelled.data).toMatchObject({ status: 3, coinnum: '1.50', amount: '149.85000000' });
    expect(h.balance(seller.id, 'btc')).toEqual({ available: units('3.5'), frozen: 0n });
    expect(h.balance(seller.id, 'usdt')).toEqual({ available: units('149.85') - units('0.14985'), frozen: 0n });
    expectBillsMatchBalances(h.db);
  });

  it('a market buy walks the replayed book: 0.5 at 100.1, then 1.25 at 100.2, then the rest at 100.5', async () => {
    const answer = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 1, operate_type: 2, amount: '226.35' },
      user.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    // 0.5 x 100.1 = 50.05; 1.25 x 100.2 = 125.25; 51.05 left buys 0.50 at 100.5 (2 amount decimals in this session) = 50.25.
    expect(answer.data).toMatchObject({ coinnum: '2.25', amount: '225.55000000' });
    expect(units(answer.data.price)).toBe((units('225.55') * 100_000_000n) / units('2.25'));
    expect(h.balance(user.id, 'usdt').available).toBe(units('1000') - units('225.55'));
  });

  it('a market sell walks the replayed bids and an order bigger than the book sells what the book takes', async () => {
    const answer = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 2, operate_type: 2, num: '3' },
      user.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    // 1.5 x 99.9 = 149.85; 1.5 of the 2 at 99.8 = 149.70.
    expect(answer.data).toMatchObject({ coinnum: '3.00', amount: '299.55000000' });
    // Our fills do not change the feed's book: the next seller sees the same 3.5 of bids.
    const seller = h.addUser('seller', { btc: '10' });
    const big = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: market, type: 2, operate_type: 2, num: '5' },
      seller.token,
    );
    expect(big.data).toMatchObject({ status: 2, predict_num: '5.00', coinnum: '3.50', amount: '349.45000000' });
    expect(h.balance(seller.id, 'btc').available).toBe(units('6.5'));
  });

  it('lists only the pairs the replayed feed serves', async () => {
    const list = await h.post<{ list: { symbol: string; close: string }[] }>('index/getMarketList', {});
    expect(list.data.list.map((item) => item.symbol)).toEqual(['btcusdt']);
    const eth = h.trading.markets.marketBySymbol('ethusdt')!.id;
    expect(
      await h.post('Trade/upbbbuy', { m_id: eth, type: 1, operate_type: 2, amount: '10' }, user.token),
    ).toMatchObject({ code: 0, msg: 'This trading pair is not open for trading' });
  });
});
