import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../db/seed.ts';
import { DEMO_FUNDS } from '../../../../db/seed-trading.ts';
// The price function of the feed running in this process (this file starts one app).
import { marketPrice } from '../../../../feed/price.ts';
import { writeSession } from '../../spot/__tests__/replay-session.ts';
import type { OptionOrderView } from '../option-order-view.ts';
import { login, startTestApp, units, type TestApp } from '../../../../__tests__/harness/index.ts';

/** Moves the faked clock `ms` on, running the timers it passes. */
const play = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const PRICES = [100, 100.5, 100.5, 99.8, 101.2, 101.2, 100.9, 99.5, 100, 102];

/**
 * The whole app (buildApp: the API, the feed plugin replaying a session of our own making, the
 * background timer) with the demo account: contracts settle at the replayed price. Its timers and
 * clock are faked before it starts (startTestApp's fakeClock), so the replay and the settlements move only when the test moves
 * the clock (`play`), never with the machine's time.
 */
describe('second contracts in the running app, on a replayed session', () => {
  let dir: string;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'options-app-'));
    const file = join(dir, 'session.jsonl');
    const trades = Array.from({ length: 60 }, (_, i) => ({
      atMs: i * 300,
      price: PRICES[i % PRICES.length] as number,
    }));
    writeSession(file, 'btcusdt', trades, [{ atMs: 0, bids: [[99.9, 2]], asks: [[100.1, 2]] }]);
    t = await startTestApp(
      { FEED_SOURCE: 'replay', FEED_REPLAY_FILE: file, FEED_REPLAY_LOOP: '1' },
      { fakeClock: 'with timeouts' },
    );
    t.db
      .prepare('INSERT INTO option_durations (seconds, payout_bp, min_stake, sort) VALUES (1, 8500, 100000000, 0)')
      .run();
    token = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the demo account trades options from its seeded USDT, and each order settles by the price function at expiry', async () => {
    const config = await t.post<{ balance: string; hytime: string }>('Contrade/getHyConfig', {}, { Token: token });
    expect(config.data.balance).toBe(`${DEMO_FUNDS.usdt}.00000000`);
    expect(config.data.hytime.split(',')[0]).toBe('1');
    const m_id = (await t.post<{ list: { id: number; symbol: string }[] }>('index/getMarketList')).data.list.find(
      (m) => m.symbol === 'btcusdt',
    )!.id;

    const ids: number[] = [];
    for (const [i, buytype] of [1, 2, 1, 2].entries()) {
      const created = await t.post<{ order_id: number }>(
        'Contrade/creatorder',
        { m_id, ctime: 1, ctzed: String(10 + i), buytype },
        { Token: token },
      );
      expect(created.code, created.msg).toBe(1);
      ids.push(created.data.order_id);
      await play(350);
    }
    let balance = units(DEMO_FUNDS.usdt as string);
    for (const id of ids) {
      let order: OptionOrderView | undefined;
      for (let tries = 0; tries < 50 && order?.status !== 2; tries++) {
        order = (await t.post<OptionOrderView>('Contrade/getHyOrderInfo', { order_id: id }, { Token: token })).data;
        if (order.status !== 2) await play(100);
      }
      expect(order?.status).toBe(2);
      const o = order as OptionOrderView;
      expect(o.buyprice).toBe(marketPrice('btcusdt', o.buytime_ms));
      expect(o.sellprice).toBe(marketPrice('btcusdt', o.selltime_ms));
      expect(o.selltime_ms - o.buytime_ms).toBe(1000);
      const move = Math.sign(Number(o.sellprice) - Number(o.buyprice));
      const result = move === 0 ? 3 : move > 0 === (o.hyzd === 1) ? 1 : 2;
      expect(o.is_win).toBe(result);
      const stake = units(o.num);
      const payout = result === 3 ? stake : result === 1 ? (stake * 18_500n) / 10_000n : 0n;
      expect(o.payout).toBe((Number(payout) / 1e8).toFixed(8));
      balance += payout - stake;
    }
    const after = await t.post<{ balance: string }>('Contrade/getHyConfig', {}, { Token: token });
    expect(units(after.data.balance)).toBe(balance);
  });

  it('a market buy in the running app fills at the replayed book', async () => {
    const m_id = (await t.post<{ list: { id: number; symbol: string }[] }>('index/getMarketList')).data.list.find(
      (m) => m.symbol === 'btcusdt',
    )!.id;
    const answer = await t.post<{ coinnum: string; amount: string; price: string }>(
      'Trade/upbbbuy',
      { m_id, type: 1, operate_type: 2, amount: '100.1' },
      { Token: token },
    );
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data).toMatchObject({ coinnum: '1.00', amount: '100.10000000', price: '100.1' });
  });
});
