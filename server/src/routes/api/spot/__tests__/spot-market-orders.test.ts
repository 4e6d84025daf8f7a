import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SpotOrderView } from '../spot-order-view.ts';
import { startTradingHarness, type TradingHarness } from './trading-harness.ts';
import { expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

/** A feed number as 1e-8 units, computed apart from the server's own decimal code. */
const toUnits = (value: number): bigint => BigInt(Math.round(value * 1e8));
const SCALE = 100_000_000n;
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;
const fixed = (u: bigint, decimals: number): string => {
  const text = u.toString().padStart(9, '0');
  const whole = text.slice(0, -8);
  return decimals === 0 ? whole : `${whole}.${text.slice(-8).slice(0, decimals)}`;
};

describe('api/Trade market orders against the seeded simulator', () => {
  let h: TradingHarness;
  let user: { id: number; token: string };
  let btcMarket: number;
  beforeEach(async () => {
    h = await startTradingHarness({ source: 'simulate', seed: 7 });
    user = h.addUser('trader', { usdt: '100000', btc: '2' });
    btcMarket = h.trading.markets.marketBySymbol('btcusdt')!.id;
    h.advance(3000);
  });
  afterEach(async () => h.close());

  const book = (side: 'bids' | 'asks') =>
    h.feed.data.depth('btcusdt', 0, 150, h.clock.now())![side].map(([p, q]) => ({ p: toUnits(p), q: toUnits(q) }));

  it('a market buy walks the asks best first at the prices the book shows and records the average', async () => {
    const asks = book('asks');
    const [a1, a2, a3] = asks as [{ p: bigint; q: bigint }, { p: bigint; q: bigint }, { p: bigint; q: bigint }];
    // Spend all of the first two levels and part of the third.
    const fullValue = a1.q * a1.p + a2.q * a2.p;
    const budget = ceilDiv(fullValue, SCALE) + (a3.q * a3.p) / SCALE / 2n;
    const budgetText = fixed(budget - (budget % 1_000_000n), 2);
    const spend = units(budgetText);
    const step = 100n; // btcusdt has 6 amount decimals
    const left = spend * SCALE - fullValue;
    const part = left / a3.p - ((left / a3.p) % step);
    const quantity = a1.q + a2.q + part;
    const valueScaled = fullValue + part * a3.p;
    const cost = ceilDiv(valueScaled, SCALE);
    const fee = (quantity * 1000n) / 1_000_000n;
    expect(part).toBeGreaterThan(0n);
    expect(part).toBeLessThan(a3.q);

    const before = { usdt: h.balance(user.id, 'usdt'), btc: h.balance(user.id, 'btc') };
    const answer = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: btcMarket, type: 1, operate_type: 2, amount: budgetText, num: '', price: '' },
      user.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.msg).toBe('Order filled');
    expect(answer.data).toMatchObject({
      status: 2,
      type: 1,
      operate_type: 2,
      coinname: 'BTC',
      trade_coin: 'USDT',
      xjprice: '',
      fee_coin: 'BTC',
    });
    expect(answer.data.coinnum).toBe(fixed(quantity, 6));
    expect(answer.data.amount).toBe(fixed(cost, 8));
    expect(units(answer.data.price)).toBe(valueScaled / quantity);
    expect(answer.data.fee).toBe(fixed(fee, 8));

    expect(h.balance(user.id, 'usdt').available).toBe(before.usdt.available - cost);
    expect(h.balance(user.id, 'btc').available).toBe(before.btc.available + quantity - fee);
    expectBillsMatchBalances(h.db);
  });

  it('a market sell walks the bids best first and pays the proceeds less the fee in USDT', async () => {
    const bids = book('bids');
    const [b1, b2, b3] = bids as [{ p: bigint; q: bigint }, { p: bigint; q: bigint }, { p: bigint; q: bigint }];
    const part = b3.q / 2n - ((b3.q / 2n) % 100n);
    const quantity = b1.q + b2.q + part;
    const proceeds = (b1.q * b1.p + b2.q * b2.p + part * b3.p) / SCALE;
    const fee = (proceeds * 1000n) / 1_000_000n;
    expect(quantity).toBeLessThan(units('2'));

    const before = { usdt: h.balance(user.id, 'usdt'), btc: h.balance(user.id, 'btc') };
    const answer = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: btcMarket, type: 2, operate_type: 2, num: fixed(quantity, 6) },
      user.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data).toMatchObject({
      status: 2,
      type: 2,
      predict_num: fixed(quantity, 6),
      coinnum: fixed(quantity, 6),
      amount: fixed(proceeds, 8),
      fee_coin: 'USDT',
    });
    expect(h.balance(user.id, 'btc').available).toBe(before.btc.available - quantity);
    expect(h.balance(user.id, 'usdt').available).toBe(before.usdt.available + proceeds - fee);
    expectBillsMatchBalances(h.db);
  });

  it('a market buy larger than the visible book fills what the book holds and spends only that', async () => {
    const asks = book('asks');
    const bookValue = asks.reduce((sum, level) => sum + level.q * level.p, 0n);
    const rich = h.addUser('whale', { usdt: '100000000' });
    const before = h.balance(rich.id, 'usdt').available;
    const answer = await h.post<SpotOrderView>(
      'Trade/upbbbuy',
      { m_id: btcMarket, type: 1, operate_type: 2, amount: '90000000' },
      rich.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    const quantity = asks.reduce((sum, level) => sum + level.q, 0n);
    expect(answer.data.coinnum).toBe(fixed(quantity, 6));
    expect(before - h.balance(rich.id, 'usdt').available).toBe(ceilDiv(bookValue, SCALE));
    expectBillsMatchBalances(h.db);
  });

  it('the order list shows the filled orders with their fields, newest first, filtered by type and status', async () => {
    await h.post('Trade/upbbbuy', { m_id: btcMarket, type: 1, operate_type: 2, amount: '100' }, user.token);
    h.advance(2100);
    await h.post('Trade/upbbbuy', { m_id: btcMarket, type: 2, operate_type: 2, num: '0.001' }, user.token);
    const done = await h.post<{ list: SpotOrderView[]; total: number }>(
      'Trade/getOrderList',
      { status: 2, page: 1, limit: 10 },
      user.token,
    );
    expect(done.code).toBe(1);
    expect(done.data.total).toBe(2);
    expect(done.data.list.map((o) => o.type)).toEqual([2, 1]);
    expect(done.data.list[0]).toMatchObject({
      type_text: 'Sell',
      ordertype_text: 'Market',
      status_text: 'Completed',
      title: 'BTC/USDT',
      symbol: 'btcusdt',
    });
    expect(done.data.list[0]!.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const buys = await h.post<{ list: SpotOrderView[]; total: number }>(
      'Trade/getOrderList',
      { status: 2, type: 1 },
      user.token,
    );
    expect(buys.data.list.map((o) => o.type)).toEqual([1]);
    const open = await h.post<{ list: SpotOrderView[]; total: number }>(
      'Trade/getOrderList',
      { status: 1 },
      user.token,
    );
    expect(open.data).toEqual({ list: [], total: 0 });
    const zh = await h.app.inject({
      method: 'POST',
      url: '/api/Trade/getOrderList',
      payload: 'status=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: user.token, lang: 'zh-cn' },
    });
    expect(zh.json<{ data: { list: SpotOrderView[] } }>().data.list[0]!.type_text).toBe('卖出');
  });

  it('getMarketBalance answers the available and frozen quote and base coin of the pair', async () => {
    const answer = await h.post<Record<string, string>>('Trade/getMarketBalance', { m_id: btcMarket }, user.token);
    expect(answer.code).toBe(1);
    expect(answer.data).toEqual({
      usdt_balance: '100000.00000000',
      coin_balance: '2.00000000',
      usdt_frozen: '0.00000000',
      coin_frozen: '0.00000000',
      coinname: 'BTC',
      trade_coin: 'USDT',
    });
    expect((await h.post('Trade/getMarketBalance', { m_id: 999 }, user.token)).code).toBe(0);
    expect((await h.post('Trade/getMarketBalance', { m_id: btcMarket })).code).toBe(401);
  });
});
