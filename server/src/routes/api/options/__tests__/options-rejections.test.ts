import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTradingHarness, type TradingHarness } from '../../spot/__tests__/trading-harness.ts';
import { expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

describe('api/Contrade creatorder refusals change nothing', () => {
  let h: TradingHarness;
  let user: { id: number; token: string };
  let btc: number;
  beforeAll(async () => {
    h = await startTradingHarness({ source: 'simulate', seed: 3 });
    user = h.addUser('cautious', { usdt: '100' });
    btc = h.trading.markets.marketBySymbol('btcusdt')!.id;
    h.advance(1000);
  });
  afterAll(async () => h.close());

  const snapshot = () => ({
    balances: h.db.prepare('SELECT * FROM balances ORDER BY user_id, coin_id, account_type').safeIntegers(true).all(),
    bills: h.db.prepare('SELECT COUNT(*) FROM bills').pluck().get(),
    orders: h.db.prepare('SELECT COUNT(*) FROM option_orders').pluck().get(),
  });

  const ok = { ctime: 30, ctzed: '10', buytype: 1 };
  const cases: [string, () => Record<string, string | number>, string][] = [
    ['a zero amount', () => ({ m_id: btc, ...ok, ctzed: '0' }), 'The amount must be a number greater than 0'],
    ['a negative amount', () => ({ m_id: btc, ...ok, ctzed: '-10' }), 'The amount must be a number greater than 0'],
    [
      'an amount that is not a number',
      () => ({ m_id: btc, ...ok, ctzed: 'ten' }),
      'The amount must be a number greater than 0',
    ],
    ['an amount like 1e2', () => ({ m_id: btc, ...ok, ctzed: '1e2' }), 'The amount must be a number greater than 0'],
    [
      'an amount with 9 decimals',
      () => ({ m_id: btc, ...ok, ctzed: '10.000000001' }),
      'The amount can have at most 8 decimals',
    ],
    ['an empty amount', () => ({ m_id: btc, ...ok, ctzed: '' }), 'Please enter the position size'],
    [
      'an amount above the balance',
      () => ({ m_id: btc, ...ok, ctime: 300, ctzed: '100.00000001' }),
      'Insufficient available balance',
    ],
    [
      'an amount below the duration minimum',
      () => ({ m_id: btc, ...ok, ctime: 60, ctzed: '19.99' }),
      'The minimum amount for this duration is 20',
    ],
    [
      'a duration the server does not offer',
      () => ({ m_id: btc, ...ok, ctime: 45 }),
      'This contract duration is not offered',
    ],
    [
      'a duration that is not a number',
      () => ({ m_id: btc, ...ok, ctime: '30s' }),
      'This contract duration is not offered',
    ],
    ['an unknown direction', () => ({ m_id: btc, ...ok, buytype: 3 }), 'Please choose buy up or buy down'],
    ['an unknown pair', () => ({ m_id: 777, ...ok }), 'This trading pair does not exist'],
  ];

  for (const [name, fields, message] of cases) {
    it(`refuses ${name}`, async () => {
      const before = snapshot();
      expect(await h.post('Contrade/creatorder', fields(), user.token)).toEqual({ code: 0, msg: message, data: null });
      expect(snapshot()).toEqual(before);
    });
  }

  it('refuses a pair switched off for options', async () => {
    h.db.prepare('UPDATE markets SET option_enabled = 0 WHERE id = ?').run(btc);
    const before = snapshot();
    expect(await h.post('Contrade/creatorder', { m_id: btc, ...ok }, user.token)).toMatchObject({
      code: 0,
      msg: 'This trading pair is not open for trading',
    });
    expect(snapshot()).toEqual(before);
    h.db.prepare('UPDATE markets SET option_enabled = 1 WHERE id = ?').run(btc);
  });

  it('asks for the position size in Chinese too (docs/product-rules.md#calls-and-answers client messages)', async () => {
    const before = snapshot();
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/Contrade/creatorder',
      payload: new URLSearchParams({ m_id: String(btc), ctime: '30', ctzed: '', buytype: '1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: user.token, lang: 'zh-cn' },
    });
    expect(response.json()).toEqual({ code: 0, msg: '请输入仓位大小', data: null });
    expect(snapshot()).toEqual(before);
  });

  it('needs a token', async () => {
    expect((await h.post('Contrade/creatorder', { m_id: btc, ...ok })).code).toBe(401);
  });

  it('a second identical order sent while the first is in flight is refused; the stake is taken once', async () => {
    const fields = { m_id: btc, ...ok };
    const answers = await Promise.all([
      h.post('Contrade/creatorder', fields, user.token),
      h.post('Contrade/creatorder', fields, user.token),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.code === 0)!.msg).toBe('This order was just submitted, please wait a moment');
    expect(h.balance(user.id, 'usdt').available).toBe(units('90'));
    expect(h.db.prepare('SELECT COUNT(*) FROM option_orders').pluck().get()).toBe(1);
    h.advance(2000);
    expect((await h.post('Contrade/creatorder', fields, user.token)).code).toBe(1);
    expect(h.balance(user.id, 'usdt').available).toBe(units('80'));
    expectBillsMatchBalances(h.db);
  });
});
