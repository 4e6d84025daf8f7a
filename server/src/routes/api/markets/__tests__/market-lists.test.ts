import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYMBOLS } from '../../../../feed/symbols.ts';
import { startTradingHarness, type TradingHarness } from '../../spot/__tests__/trading-harness.ts';
import type { MarketItemView } from '../market-item.ts';

type List = { list: MarketItemView[] };

describe('api/index market lists from the seeded simulator', () => {
  let h: TradingHarness;
  beforeAll(async () => {
    h = await startTradingHarness({ source: 'simulate', seed: 5 });
    h.advance(5000);
  });
  afterAll(async () => h.close());

  it('getMarketList has every catalogue pair with the feed 24 h ticker: close, signed change, volume', async () => {
    const answer = await h.post<List>('index/getMarketList', {});
    expect(answer.code).toBe(1);
    expect(answer.data.list.map((item) => item.symbol)).toEqual(SYMBOLS.map((s) => s.symbol));
    for (const item of answer.data.list) {
      const info = SYMBOLS.find((s) => s.symbol === item.symbol)!;
      const tick = h.feed.data.ticker(item.symbol, h.clock.now())!;
      expect(item.title).toBe(`${info.base.toUpperCase()}/${info.quote.toUpperCase()}`);
      expect(item.coinname).toBe(info.base.toUpperCase());
      expect(item.trade_coin).toBe('USDT');
      expect(item.close).toBe(tick.close.toFixed(info.pricePrecision));
      const percent = ((tick.close - tick.open) / tick.open) * 100;
      expect(item.change).toMatch(/^[+-]\d+\.\d\d$/);
      expect(Number(item.change)).toBeCloseTo(percent, 2);
      expect(item.change.startsWith('-')).toBe(tick.close < tick.open && Math.abs(percent) >= 0.005);
      expect(Number(item.hamount)).toBeCloseTo(tick.amount, info.amountPrecision - 1);
      expect(item.logo).toMatch(/^data:image\/svg\+xml,/);
      expect(item.id).toBe(h.trading.markets.marketBySymbol(item.symbol)!.id);
    }
  });

  it('getAllCurrencyList answers the group with its child tabs', async () => {
    const answer = await h.post<{ list: unknown[] }>('index/getAllCurrencyList', {});
    expect(answer.data.list).toEqual([
      {
        id: 1,
        currency_name: 'USDT',
        child: [
          { id: 2, currency_name: 'Main', child: [] },
          { id: 3, currency_name: 'Altcoins', child: [] },
        ],
      },
    ]);
  });

  it('getAllMarketList filters by child tab; eid 0 is the whole group; the children partition it', async () => {
    const symbols = async (fields: Record<string, number>) =>
      (await h.post<List>('index/getAllMarketList', fields)).data.list.map((item) => item.symbol);
    const all = await symbols({ fid: 1, eid: 0 });
    const main = await symbols({ fid: 1, eid: 2 });
    const alts = await symbols({ fid: 1, eid: 3 });
    expect(all).toEqual(SYMBOLS.map((s) => s.symbol));
    expect(main).toContain('btcusdt');
    expect(alts).toContain('bchusdt');
    expect([...main, ...alts].sort()).toEqual([...all].sort());
    expect(await symbols({})).toEqual(all);
    expect(await symbols({ fid: 1, eid: 99 })).toEqual([]);
  });

  it('a pair switched off for both spot and options leaves the lists', async () => {
    h.db.prepare("UPDATE markets SET spot_enabled = 0, option_enabled = 0 WHERE symbol = 'trxusdt'").run();
    const answer = await h.post<List>('index/getMarketList', {});
    expect(answer.data.list.map((item) => item.symbol)).not.toContain('trxusdt');
    h.db.prepare("UPDATE markets SET spot_enabled = 1, option_enabled = 1 WHERE symbol = 'trxusdt'").run();
  });
});
