import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VOID_AFTER_MS } from '../../../../domain/options-trading.ts';
import { writeSession } from '../../spot/__tests__/replay-session.ts';
import { START_MS, startTradingHarness, type TradingHarness } from '../../spot/__tests__/trading-harness.ts';
import type { OptionOrderView } from '../option-order-view.ts';
import { expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

/** Known prints of btcusdt (seconds after the start): the price function the contracts settle on. */
const PRINTS = [
  { atMs: 0, price: 100.0 },
  { atMs: 5000, price: 101.0 },
  { atMs: 10_000, price: 100.5 },
  { atMs: 15_000, price: 100.5 },
  { atMs: 20_000, price: 99.0 },
];

describe('api/Contrade second contracts settle on the replayed feed', () => {
  let dir: string;
  let file: string;
  let h: TradingHarness;
  let user: { id: number; token: string };
  let market: number;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'options-replay-'));
    file = join(dir, 'session.jsonl');
    writeSession(file, 'btcusdt', PRINTS, [{ atMs: 0, bids: [[99.9, 1]], asks: [[100.1, 1]] }]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    h = await startTradingHarness({ source: 'replay', replayFile: file });
    // Short durations for the test, in the server's own table: 5 s pays 85 %, 9 s pays 90 %.
    h.db
      .prepare(
        'INSERT INTO option_durations (seconds, payout_bp, min_stake, sort) VALUES (5, 8500, 100000000, 0), (9, 9000, 500000000, 0)',
      )
      .run();
    user = h.addUser('bettor', { usdt: '1000' });
    market = h.trading.markets.marketBySymbol('btcusdt')!.id;
    h.advance(1000);
  });
  afterEach(async () => h.close());

  const usdt = () => h.balance(user.id, 'usdt').available;
  const create = (fields: Record<string, string | number>, token = user.token) =>
    h.post<{ order_id: number }>('Contrade/creatorder', { m_id: market, ...fields }, token);
  const info = (id: number) => h.post<OptionOrderView>('Contrade/getHyOrderInfo', { order_id: id }, user.token);
  /** The feed's price function: last trade price at a time. */
  const priceAt = (ms: number) => h.feed.priceAt('btcusdt', ms);

  it('buy up wins when the price at expiry is above the buy price and pays stake x (1 + 85 / 100)', async () => {
    const created = await create({ ctime: 5, ctzed: '10', buytype: 1 });
    expect(created.code, created.msg).toBe(1);
    expect(created.msg).toBe('Order placed');
    expect(usdt()).toBe(units('990'));
    const open = await info(created.data.order_id);
    expect(open.data).toMatchObject({
      status: 1,
      is_win: 0,
      buyprice: '100',
      sellprice: '',
      time: 5,
      count_down: 5,
      hyzd: 1,
      hyzd_text: 'Buy up',
      num: '10.00000000',
      ykbl: '85',
      coinname: 'BTC/USDT',
    });
    expect(open.data.buyprice).toBe(priceAt(START_MS + 1000));
    expect(open.data.buyprice_ts).toBe(START_MS + 1000);
    h.advance(3000);
    expect((await info(created.data.order_id)).data).toMatchObject({ status: 1, count_down: 2 });

    h.advance(2000);
    const settled = await info(created.data.order_id);
    const expiry = START_MS + 6000;
    expect(settled.data).toMatchObject({
      status: 2,
      is_win: 1,
      sellprice: '101',
      sellprice_ts: expiry,
      count_down: 0,
      ploss: '+8.50000000',
      payout: '18.50000000',
    });
    expect(settled.data.sellprice).toBe(priceAt(expiry));
    expect(settled.data.selltime_ms).toBe(expiry);
    expect(usdt()).toBe(units('1008.5'));
    expectBillsMatchBalances(h.db);
  });

  it('buy down loses the stake when the price rose', async () => {
    const created = await create({ ctime: 5, ctzed: '10', buytype: 2 });
    h.advance(6000);
    const settled = await info(created.data.order_id);
    expect(settled.data).toMatchObject({
      status: 2,
      is_win: 2,
      buyprice: '100',
      sellprice: '101',
      ploss: '-10.00000000',
      payout: '0.00000000',
      hyzd_text: 'Buy down',
    });
    expect(usdt()).toBe(units('990'));
  });

  it('an exact tie refunds the stake: no win, no loss', async () => {
    h.advance(10_000);
    const created = await create({ ctime: 5, ctzed: '10', buytype: 1 });
    h.advance(6000);
    const settled = await info(created.data.order_id);
    expect(settled.data).toMatchObject({
      status: 2,
      is_win: 3,
      buyprice: '100.5',
      sellprice: '100.5',
      ploss: '0.00000000',
      payout: '10.00000000',
    });
    expect(settled.data.sellprice).toBe(priceAt(START_MS + 16_000));
    expect(usdt()).toBe(units('1000'));
    expectBillsMatchBalances(h.db);
  });

  it('buy down wins when the price fell', async () => {
    h.advance(15_000);
    const created = await create({ ctime: 5, ctzed: '20', buytype: 2 });
    h.advance(6000);
    expect((await info(created.data.order_id)).data).toMatchObject({
      is_win: 1,
      buyprice: '100.5',
      sellprice: '99',
      ploss: '+17.00000000',
    });
    expect(usdt()).toBe(units('1017'));
  });

  it('a print at the very instant of expiry is the settlement price', async () => {
    const created = await create({ ctime: 9, ctzed: '5', buytype: 1 });
    h.advance(9000);
    const settled = await info(created.data.order_id);
    expect(settled.data).toMatchObject({
      sellprice: '100.5',
      sellprice_ts: START_MS + 10_000,
      is_win: 1,
      ploss: '+4.50000000',
      ykbl: '90',
    });
  });

  it('settles on read when the timer has not run, and only once however often it is asked', async () => {
    const created = await create({ ctime: 5, ctzed: '10', buytype: 1 });
    h.clock.advance(7000);
    const list = await h.post<{ list: OptionOrderView[]; total: number }>(
      'Contrade/getHyOrderList',
      { status: 2, page: 1, limit: 10 },
      user.token,
    );
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ order_id: created.data.order_id, is_win: 1 });
    await info(created.data.order_id);
    h.trading.tick();
    h.trading.contracts.settleDue();
    expect(usdt()).toBe(units('1008.5'));
    const payouts = h.db
      .prepare("SELECT COUNT(*) FROM bills WHERE kind = 'option_payout' AND ref_id = ?")
      .pluck()
      .get(created.data.order_id);
    expect(payouts).toBe(1);
    expect((await h.post<{ total: number }>('Contrade/getHyOrderList', { status: 1 }, user.token)).data.total).toBe(0);
  });

  it('the payout percent is the server config at creation: client fields and later edits do not change it', async () => {
    const created = await create({ ctime: 5, ctzed: '10', buytype: 1, ykbl: '500', hy_ykbl: '500' });
    h.db.prepare('UPDATE option_durations SET payout_bp = 1000 WHERE seconds = 5').run();
    h.advance(6000);
    expect((await info(created.data.order_id)).data).toMatchObject({ is_win: 1, ykbl: '85', payout: '18.50000000' });
  });

  it('a configured fee is debited with the stake and kept on a tie', async () => {
    h.db.prepare('UPDATE option_settings SET fee_ppm = 10000').run();
    const config = await h.post<{ fee_rate: string }>('Contrade/getHyConfig', {}, user.token);
    expect(config.data.fee_rate).toBe('0.01');
    h.advance(10_000);
    const created = await create({ ctime: 5, ctzed: '10', buytype: 2 });
    expect(usdt()).toBe(units('989.9'));
    h.advance(6000);
    expect((await info(created.data.order_id)).data).toMatchObject({
      is_win: 3,
      fee: '0.10000000',
      payout: '10.00000000',
    });
    expect(usdt()).toBe(units('999.9'));
    expectBillsMatchBalances(h.db);
  });

  it('takes stake + fee (rounded down to 1e-8) against the balance: the largest stake the app fills with All is accepted', async () => {
    h.db.prepare('UPDATE option_settings SET fee_ppm = 10000').run();
    // 1000 / 1.01 = 990.0990099..; one unit more still fits because its fee 9.9009900991 is cut to 9.90099009.
    expect(await create({ ctime: 5, ctzed: '990.09900992', buytype: 1 })).toMatchObject({
      code: 0,
      msg: 'Insufficient available balance',
    });
    expect(usdt()).toBe(units('1000'));
    expect((await create({ ctime: 5, ctzed: '990.09900991', buytype: 1 })).code).toBe(1);
    expect(usdt()).toBe(0n);
    expectBillsMatchBalances(h.db);
  });

  it('voids an order whose expiry price the feed cannot name, refunding stake and fee, after a grace period', async () => {
    // ethusdt is not in the replayed session: no price will ever be known for it.
    const eth = h.trading.markets.marketBySymbol('ethusdt')!;
    const coin = h.coinId('usdt');
    const at = h.clock.now();
    const id = h.trading.options.insert({
      userId: user.id,
      marketId: eth.id,
      coinId: coin,
      accountType: 1,
      direction: 1,
      seconds: 5,
      payoutBp: 8500,
      stake: units('10'),
      fee: units('0.5'),
      buyPrice: '3000',
      buyPriceTs: at,
      buyTradeId: '1',
      buyTradeTs: at,
      createdAt: at,
    });
    h.trading.ledger.apply(
      [
        {
          userId: user.id,
          coinId: coin,
          accountType: 1,
          part: 'available',
          amount: -units('10.5'),
          kind: 'option_stake',
        },
      ],
      id,
      at,
    );
    h.advance(VOID_AFTER_MS, 60_000);
    expect((await info(id)).data).toMatchObject({ status: 1 });
    h.advance(10_000, 10_000);
    expect((await info(id)).data).toMatchObject({ status: 2, is_win: 4, sellprice: '', payout: '10.50000000' });
    expect(usdt()).toBe(units('1000'));
    expectBillsMatchBalances(h.db);
  });

  it('voids at its expiry, without the grace period, an order bought before the feed started (a restart begins a new market)', async () => {
    const coin = h.coinId('usdt');
    const at = START_MS - 60_000;
    const id = h.trading.options.insert({
      userId: user.id,
      marketId: market,
      coinId: coin,
      accountType: 1,
      direction: 2,
      seconds: 300,
      payoutBp: 9500,
      stake: units('10'),
      fee: 0n,
      buyPrice: '50',
      buyPriceTs: at,
      buyTradeId: '1',
      buyTradeTs: at,
      createdAt: at,
    });
    h.trading.ledger.apply(
      [
        {
          userId: user.id,
          coinId: coin,
          accountType: 1,
          part: 'available',
          amount: -units('10'),
          kind: 'option_stake',
        },
      ],
      id,
      at,
    );
    h.advance(238_000, 10_000);
    expect((await info(id)).data).toMatchObject({ status: 1 });
    h.advance(2000);
    expect((await info(id)).data).toMatchObject({ status: 2, is_win: 4, sellprice: '', payout: '10.00000000' });
    expect(usdt()).toBe(units('1000'));
  });

  it('answers the options config from the server tables, with the caller balance', async () => {
    const config = await h.post<Record<string, unknown>>('Contrade/getHyConfig', {}, user.token);
    expect(config.data).toMatchObject({
      hy_numcolstmp: '1,3,5,10',
      hy_price_type: 2,
      coinname: 'USDT',
      balance: '1000.00000000',
      hytime: '5,9,30,60,120,300',
      hy_ykbl: '85,90,80,85,90,95',
      hymin: '1,5,10,20,50,100',
      fee_rate: '0',
      amount_precision: 8,
    });
    expect((config.data.durations as unknown[])[0]).toEqual({ time: 5, ykbl: '85', min: '1' });
    const anonymous = await h.post<{ balance: string }>('Contrade/getHyConfig', {});
    expect(anonymous.data.balance).toBe('0.00000000');
    h.db.prepare("UPDATE coins SET decimals = 2 WHERE name = 'usdt'").run();
    expect(
      (await h.post<{ amount_precision: number }>('Contrade/getHyConfig', {}, user.token)).data.amount_precision,
    ).toBe(2);
    expect(await create({ ctime: 5, ctzed: '10.001', buytype: 1 })).toMatchObject({
      code: 0,
      msg: 'The amount can have at most 2 decimals',
    });
  });

  it('lists in-progress and settled orders newest first, and never another user’s', async () => {
    const first = await create({ ctime: 5, ctzed: '10', buytype: 1 });
    h.advance(2100);
    const second = await create({ ctime: 9, ctzed: '10', buytype: 2 });
    const open = await h.post<{ list: OptionOrderView[]; total: number }>(
      'Contrade/getHyOrderList',
      { status: 1, page: 1, limit: 10 },
      user.token,
    );
    expect(open.data.list.map((o) => o.order_id)).toEqual([second.data.order_id, first.data.order_id]);
    const other = h.addUser('peeker', { usdt: '100' });
    expect(await h.post('Contrade/getHyOrderInfo', { order_id: first.data.order_id }, other.token)).toMatchObject({
      code: 0,
      msg: 'Order not found',
    });
    expect((await h.post<{ total: number }>('Contrade/getHyOrderList', { status: 1 }, other.token)).data.total).toBe(0);
    expect(await h.post('Contrade/getHyOrderList', { status: 3 }, user.token)).toMatchObject({ code: 0 });
    expect((await h.post('Contrade/getHyOrderInfo', { order_id: first.data.order_id })).code).toBe(401);
  });
});
