import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrderView } from '../spot-order-view.ts';
import { startTradingHarness, type TradingHarness } from './trading-harness.ts';
import { expectBillsMatchBalances } from '../../../../__tests__/harness/index.ts';

describe('api/Trade refusals change nothing', () => {
  let h: TradingHarness;
  let user: { id: number; token: string };
  let btc: number;
  let eth: number;
  beforeAll(async () => {
    h = await startTradingHarness({ source: 'simulate', seed: 11 });
    user = h.addUser('careful', { usdt: '1000', btc: '0.01' });
    btc = h.trading.markets.marketBySymbol('btcusdt')!.id;
    eth = h.trading.markets.marketBySymbol('ethusdt')!.id;
    h.advance(1000);
  });
  afterAll(async () => h.close());

  /** Everything an order could touch: all balances, bills and orders. */
  const snapshot = () => ({
    balances: h.db.prepare('SELECT * FROM balances ORDER BY user_id, coin_id, account_type').safeIntegers(true).all(),
    bills: h.db.prepare('SELECT COUNT(*) FROM bills').pluck().get(),
    orders: h.db.prepare('SELECT COUNT(*) FROM spot_orders').pluck().get(),
  });

  const limitBuy = { type: 1, operate_type: 1, price: '100.00', num: '0.5' };
  const cases: [string, () => Record<string, string | number>, string][] = [
    ['zero quantity', () => ({ m_id: btc, ...limitBuy, num: '0' }), 'The quantity must be a number greater than 0'],
    [
      'negative quantity',
      () => ({ m_id: btc, ...limitBuy, num: '-1' }),
      'The quantity must be a number greater than 0',
    ],
    [
      'quantity not a number',
      () => ({ m_id: btc, ...limitBuy, num: 'abc' }),
      'The quantity must be a number greater than 0',
    ],
    [
      'quantity in exponent form',
      () => ({ m_id: btc, ...limitBuy, num: '1e-3' }),
      'The quantity must be a number greater than 0',
    ],
    [
      'quantity with a sign',
      () => ({ m_id: btc, ...limitBuy, num: '+0.1' }),
      'The quantity must be a number greater than 0',
    ],
    [
      'quantity beyond the pair precision (6)',
      () => ({ m_id: btc, ...limitBuy, num: '0.1000001' }),
      'The quantity can have at most 6 decimals',
    ],
    [
      'quantity below one step of the pair',
      () => ({ m_id: btc, ...limitBuy, num: '0.0000001' }),
      'The quantity must be at least 0.000001 BTC',
    ],
    [
      'market sell below one step of the pair',
      () => ({ m_id: btc, type: 2, operate_type: 2, num: '0.00000099' }),
      'The quantity must be at least 0.000001 BTC',
    ],
    [
      'limit order worth less than the pair minimum (0.999999 USDT)',
      () => ({ m_id: btc, ...limitBuy, price: '0.99', num: '1.010101' }),
      'The order total must be at least 1 USDT',
    ],
    [
      'stop-limit worth less than the pair minimum',
      () => ({ m_id: btc, type: 2, operate_type: 3, trigger_price: '1', price: '0.5', num: '1.9' }),
      'The order total must be at least 1 USDT',
    ],
    [
      'market buy below the pair minimum',
      () => ({ m_id: btc, type: 1, operate_type: 2, amount: '0.99999999' }),
      'The order total must be at least 1 USDT',
    ],
    [
      'quantity beyond 8 decimals',
      () => ({ m_id: btc, type: 2, operate_type: 2, num: '0.000000001' }),
      'The quantity can have at most 6 decimals',
    ],
    ['missing quantity', () => ({ m_id: btc, ...limitBuy, num: '' }), 'Please enter the order quantity'],
    ['missing price on a limit order', () => ({ m_id: btc, ...limitBuy, price: '' }), 'Please enter the order price'],
    ['zero price', () => ({ m_id: btc, ...limitBuy, price: '0.00' }), 'The price must be a number greater than 0'],
    [
      'price beyond the tick (2 decimals)',
      () => ({ m_id: btc, ...limitBuy, price: '100.001' }),
      'The price can have at most 2 decimals',
    ],
    [
      'absurdly large price',
      () => ({ m_id: btc, ...limitBuy, price: '99999999999999999999' }),
      'The number is too large',
    ],
    [
      'missing amount on a market buy',
      () => ({ m_id: btc, type: 1, operate_type: 2, amount: '' }),
      'Please enter the order amount',
    ],
    [
      'negative amount on a market buy',
      () => ({ m_id: btc, type: 1, operate_type: 2, amount: '-10' }),
      'The amount must be a number greater than 0',
    ],
    [
      'amount beyond 8 decimals',
      () => ({ m_id: btc, type: 1, operate_type: 2, amount: '1.123456789' }),
      'The amount can have at most 8 decimals',
    ],
    [
      'limit buy costing more than the USDT held',
      () => ({ m_id: btc, ...limitBuy, price: '3000.00', num: '0.5' }),
      'Insufficient available balance',
    ],
    [
      'market buy above the USDT held',
      () => ({ m_id: btc, type: 1, operate_type: 2, amount: '1000.00000001' }),
      'Insufficient available balance',
    ],
    [
      'limit sell above the coin held',
      () => ({ m_id: btc, type: 2, operate_type: 1, price: '70000', num: '0.010001' }),
      'Insufficient available balance',
    ],
    [
      'market sell of a coin not held',
      () => ({ m_id: eth, type: 2, operate_type: 2, num: '1' }),
      'Insufficient available balance',
    ],
    ['unknown pair', () => ({ m_id: 9999, ...limitBuy }), 'This trading pair does not exist'],
    ['pair id not a number', () => ({ m_id: 'btcusdt', ...limitBuy }), 'This trading pair does not exist'],
    ['unknown side', () => ({ m_id: btc, ...limitBuy, type: 3 }), 'Please choose buy or sell'],
    [
      'unknown order type',
      () => ({ m_id: btc, ...limitBuy, operate_type: 0 }),
      'Please choose a limit, market or stop-limit order',
    ],
  ];

  for (const [name, fields, message] of cases) {
    it(`refuses ${name} with "${message}"`, async () => {
      const before = snapshot();
      const answer = await h.post('Trade/upbbbuy', fields(), user.token);
      expect(answer).toEqual({ code: 0, msg: message, data: null });
      expect(snapshot()).toEqual(before);
    });
  }

  it('accepts an order of exactly the pair minimum (1 USDT, one step)', async () => {
    const answer = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: btc, type: 1, operate_type: 1, price: '1', num: '1' },
      user.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    expect((await h.post('Trade/upbbbuy', { m_id: btc, type: 1, operate_type: 2, amount: '1' }, user.token)).code).toBe(
      1,
    );
    expect((await h.post('Trade/cancelOrder', { bb_id: answer.data.id }, user.token)).code).toBe(1);
  });

  it('states the minimum in the language of the request', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/Trade/upbbbuy',
      payload: `m_id=${btc}&type=1&operate_type=2&amount=0.5`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: user.token, lang: 'zh-cn' },
    });
    expect(response.json()).toMatchObject({ code: 0, msg: '订单总额至少为1 USDT' });
  });

  it('refuses a pair switched off for spot trading', async () => {
    h.db.prepare('UPDATE markets SET spot_enabled = 0 WHERE id = ?').run(eth);
    const before = snapshot();
    const answer = await h.post('Trade/upbbbuy', { m_id: eth, type: 1, operate_type: 2, amount: '10' }, user.token);
    expect(answer).toMatchObject({ code: 0, msg: 'This trading pair is not open for trading' });
    expect(snapshot()).toEqual(before);
    h.db.prepare('UPDATE markets SET spot_enabled = 1 WHERE id = ?').run(eth);
  });

  it('answers in the Lang of the request', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/Trade/upbbbuy',
      payload: `m_id=${btc}&type=1&operate_type=1&price=100&num=0`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: user.token, lang: 'zh-cn' },
    });
    expect(response.json()).toMatchObject({ code: 0, msg: '数量必须是大于0的数字' });
  });

  it('needs a token', async () => {
    expect((await h.post('Trade/upbbbuy', { m_id: btc, ...limitBuy })).code).toBe(401);
    expect((await h.post('Trade/cancelOrder', { bb_id: 1 })).code).toBe(401);
    expect((await h.post('Trade/getOrderList', { status: 1 })).code).toBe(401);
  });

  it('refuses bad list filters', async () => {
    const filters: Record<string, string | number>[] = [
      { status: 5 },
      { status: 1, type: 3 },
      { status: 1, page: 0 },
      { status: 1, limit: 51 },
      { status: 'x' },
    ];
    for (const fields of filters) {
      expect(await h.post('Trade/getOrderList', fields, user.token)).toMatchObject({
        code: 0,
        msg: 'Invalid list request (status, type, page or limit)',
      });
    }
  });

  it('a second identical submit sent while the first is in flight is refused; one order, one debit', async () => {
    const before = h.balance(user.id, 'usdt');
    const fields = { m_id: btc, type: 1, operate_type: 1, price: '1000.00', num: '0.1' };
    const answers = await Promise.all([
      h.post<SpotOrderView>('Trade/upbbbuy', fields, user.token),
      h.post<SpotOrderView>('Trade/upbbbuy', fields, user.token),
    ]);
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual([0, 1]);
    expect(answers.find((a) => a.code === 0)!.msg).toBe('This order was just submitted, please wait a moment');
    expect(h.balance(user.id, 'usdt')).toEqual({
      available: before.available - 10_000_000_000n,
      frozen: before.frozen + 10_000_000_000n,
    });
    expect(h.db.prepare('SELECT COUNT(*) FROM spot_orders WHERE status = 1').pluck().get()).toBe(1);

    // The same order two seconds later is a new order; a different one is never blocked.
    expect((await h.post('Trade/upbbbuy', { ...fields, num: '0.2' }, user.token)).code).toBe(1);
    h.advance(2000);
    expect((await h.post('Trade/upbbbuy', fields, user.token)).code).toBe(1);
    expectBillsMatchBalances(h.db);
  });

  it('a refused submit does not block the corrected retry', async () => {
    const bad = { m_id: btc, type: 1, operate_type: 2, amount: '5000' };
    expect((await h.post('Trade/upbbbuy', bad, user.token)).msg).toBe('Insufficient available balance');
    expect((await h.post('Trade/upbbbuy', bad, user.token)).msg).toBe('Insufficient available balance');
  });
});
