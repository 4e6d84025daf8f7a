import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../db/seed.ts';
import { systemClock } from '../../../feed/clock.ts';
import { login, startTestApp, type TestApp } from '../../api/__tests__/support.ts';
import type { OptionOrderView } from '../../api/options/option-order-view.ts';

describe('/__test/clock', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  const advance = (app: TestApp, ms: string) =>
    app.app.inject({ method: 'POST', url: `/__test/clock?advance_ms=${ms}` });

  it('does not exist without TEST_ROUTES, and such a server runs on the system clock', async () => {
    t = await startTestApp({ TEST_ROUTES: '0' });
    expect(t.app.clock).toBe(systemClock);
    expect((await advance(t, '30000')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/__test/clock' })).statusCode).toBe(404);
  });

  it('moves the server forward only, by a whole number of ms', async () => {
    t = await startTestApp({ TEST_ROUTES: '1' });
    const before = (await t.app.inject({ method: 'GET', url: '/__test/clock' })).json<{ now: number }>().now;
    const moved = (await advance(t, '3600000')).json<{ now: number }>().now;
    expect(moved - before).toBeGreaterThanOrEqual(3_600_000);
    expect(moved - Date.now()).toBeGreaterThanOrEqual(3_600_000 - 1000);
    for (const bad of ['-5', '1e3', '0x10', ' 5', '', `${8 * 24 * 3600 * 1000}`]) {
      expect((await advance(t, encodeURIComponent(bad))).statusCode, bad).toBe(400);
    }
  });

  it('settles a second contract at the price the market printed at its expiry, without waiting for it', async () => {
    t = await startTestApp({ TEST_ROUTES: '1' });
    const token = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const config = await t.post<{ hytime: string }>('Contrade/getHyConfig', {}, { Token: token });
    const seconds = Number(config.data.hytime.split(',')[0]);
    const m_id = (await t.post<{ list: { id: number; symbol: string }[] }>('index/getMarketList')).data.list.find(
      (m) => m.symbol === 'btcusdt',
    )!.id;
    // The simulated market prints its first trade within its first 100 ms step; an order placed
    // before it has no trade to buy at ("price not available"), so the test starts one second in.
    await advance(t, '1000');
    const created = await t.post<{ order_id: number }>(
      'Contrade/creatorder',
      { m_id, ctime: seconds, ctzed: '100', buytype: 1 },
      { Token: token },
    );
    expect(created.code, created.msg).toBe(1);
    const info = () =>
      t!.post<OptionOrderView>('Contrade/getHyOrderInfo', { order_id: created.data.order_id }, { Token: token });
    expect((await info()).data.status).toBe(1);

    await advance(t, String(seconds * 1000));
    const settled = (await info()).data;
    expect(settled.status).toBe(2);
    expect(settled.selltime_ms - settled.buytime_ms).toBe(seconds * 1000);
    expect(settled.sellprice).toBe(t.app.marketPrice('btcusdt', settled.selltime_ms));
  });
});
