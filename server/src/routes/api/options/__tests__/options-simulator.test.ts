import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTradingHarness, type TradingHarness } from '../../spot/__tests__/trading-harness.ts';
import type { OptionOrderView } from '../option-order-view.ts';
import { units } from '../../../../__tests__/harness/index.ts';

/** The same rules on the seeded simulator, where the test does not choose the prices. */
describe('api/Contrade on the seeded simulator', () => {
  let h: TradingHarness;
  beforeEach(async () => {
    h = await startTradingHarness({ source: 'simulate', seed: 21 });
    h.advance(1000);
  });
  afterEach(async () => h.close());

  it('every order settles at the feed price of its expiry instant, with the outcome and payout the rule gives', async () => {
    const user = h.addUser('many', { usdt: '10000' });
    const symbols = ['btcusdt', 'ethusdt', 'solusdt', 'dogeusdt'];
    const ids: number[] = [];
    for (const [i, symbol] of symbols.entries()) {
      const m_id = h.trading.markets.marketBySymbol(symbol)!.id;
      for (const buytype of [1, 2]) {
        const created = await h.post<{ order_id: number }>(
          'Contrade/creatorder',
          { m_id, ctime: 30, ctzed: String(10 + i), buytype },
          user.token,
        );
        expect(created.code, created.msg).toBe(1);
        ids.push(created.data.order_id);
      }
      h.advance(700);
    }
    h.advance(31_000);
    let expected = units('10000');
    for (const id of ids) {
      const { data } = await h.post<OptionOrderView>('Contrade/getHyOrderInfo', { order_id: id }, user.token);
      expect(data.status).toBe(2);
      expect(data.buyprice).toBe(h.feed.priceAt(data.symbol, data.buytime_ms));
      expect(data.sellprice).toBe(h.feed.priceAt(data.symbol, data.selltime_ms));
      expect(data.sellprice_ts).toBe(data.buytime_ms + 30_000);
      const move = Math.sign(Number(data.sellprice) - Number(data.buyprice));
      const win = move !== 0 && move > 0 === (data.hyzd === 1);
      expect(data.is_win).toBe(move === 0 ? 3 : win ? 1 : 2);
      const stake = units(data.num);
      const payout = move === 0 ? stake : win ? (stake * 18_000n) / 10_000n : 0n;
      expect(data.payout).toBe((Number(payout) / 1e8).toFixed(8));
      expected += payout - stake;
    }
    expect(h.balance(user.id, 'usdt').available).toBe(expected);
  });
});
