import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYMBOLS } from '../../../../feed/symbols.ts';
import { startTradingHarness, type TradingHarness } from '../../spot/__tests__/trading-harness.ts';
import type { MarketItemView } from '../market-item.ts';

type List = { list: MarketItemView[] };

/** `whole` with exactly `decimals` decimals whose last digit is not 0 (trailing zeros do not count). */
function withDecimals(whole: string, decimals: number): string {
  return decimals === 0 ? whole : `${whole}.${'0'.repeat(decimals - 1)}7`;
}

/** `text` with one significant decimal more. */
const oneMore = (text: string): string => (text.includes('.') ? `${text}1` : `${text}.1`);

describe('market lists carry the precisions upbbbuy enforces', () => {
  let h: TradingHarness;
  let user: { id: number; token: string };
  let items: MarketItemView[];
  beforeAll(async () => {
    h = await startTradingHarness({ source: 'simulate', seed: 3 });
    const funds: Record<string, string> = { usdt: '100000000' };
    for (const info of SYMBOLS) funds[info.base] = '1000';
    user = h.addUser('precise', funds);
    h.advance(3000);
    items = (await h.post<List>('index/getMarketList', {})).data.list;
  });
  afterAll(async () => h.close());

  it('getMarketList and getAllMarketList answer every pair with the catalogue precisions as integers', async () => {
    expect(items.map((item) => item.symbol)).toEqual(SYMBOLS.map((s) => s.symbol));
    for (const item of items) {
      const info = SYMBOLS.find((s) => s.symbol === item.symbol)!;
      expect({ symbol: item.symbol, price: item.price_precision, amount: item.amount_precision }).toEqual({
        symbol: info.symbol,
        price: info.pricePrecision,
        amount: info.amountPrecision,
      });
    }
    const all = (await h.post<List>('index/getAllMarketList', { fid: 1, eid: 0 })).data.list;
    expect(
      all.map(({ symbol, price_precision, amount_precision }) => ({ symbol, price_precision, amount_precision })),
    ).toEqual(
      items.map(({ symbol, price_precision, amount_precision }) => ({ symbol, price_precision, amount_precision })),
    );
  });

  it('the precisions differ between pairs, so the checks below cover 2, 4 and 6 decimals', () => {
    expect(new Set(items.map((item) => item.amount_precision))).toEqual(new Set([2, 4, 6]));
    expect(new Set(items.map((item) => item.price_precision)).size).toBeGreaterThan(2);
  });

  it('a limit buy with exactly price_precision and amount_precision decimals is accepted; one more decimal is refused', async () => {
    for (const item of items) {
      // Below the market where the pair allows it; the answer, not the fill, is what is checked.
      const price = withDecimals(String(Math.max(1, Math.floor(Number(item.close) / 2))), item.price_precision);
      const num = withDecimals('1', item.amount_precision);
      const order = { m_id: item.id, type: 1, operate_type: 1, price, num };
      const accepted = await h.post('Trade/upbbbuy', order, user.token);
      expect({ symbol: item.symbol, price, num, code: accepted.code, msg: accepted.msg }).toMatchObject({ code: 1 });
      const finerPrice = await h.post('Trade/upbbbuy', { ...order, price: oneMore(price) }, user.token);
      expect({ symbol: item.symbol, msg: finerPrice.msg }).toEqual({
        symbol: item.symbol,
        msg: `The price can have at most ${item.price_precision} decimals`,
      });
      const finerNum = await h.post('Trade/upbbbuy', { ...order, num: oneMore(num) }, user.token);
      expect({ symbol: item.symbol, msg: finerNum.msg }).toEqual({
        symbol: item.symbol,
        msg: `The quantity can have at most ${item.amount_precision} decimals`,
      });
    }
  });

  it('a market sell with exactly amount_precision decimals is accepted; one more decimal is refused', async () => {
    for (const item of items) {
      // 100 coins and a bit: worth more than the 1 USDT minimum in every pair.
      const num = withDecimals('100', item.amount_precision);
      const order = { m_id: item.id, type: 2, operate_type: 2, num };
      const accepted = await h.post('Trade/upbbbuy', order, user.token);
      expect({ symbol: item.symbol, num, code: accepted.code, msg: accepted.msg }).toMatchObject({ code: 1 });
      const finer = await h.post('Trade/upbbbuy', { ...order, num: oneMore(num) }, user.token);
      expect({ symbol: item.symbol, msg: finer.msg }).toEqual({
        symbol: item.symbol,
        msg: `The quantity can have at most ${item.amount_precision} decimals`,
      });
    }
  });

  it('every pair answers its minimum order, and upbbbuy refuses exactly below it, saying the minimum', async () => {
    for (const item of items) {
      const step = item.amount_precision === 0 ? '1' : `0.${'0'.repeat(item.amount_precision - 1)}1`;
      expect({ symbol: item.symbol, min_num: item.min_num, min_total: item.min_total }).toEqual({
        symbol: item.symbol,
        min_num: step,
        min_total: '1',
      });
      // A limit buy at 1 USDT a coin: 1 coin is exactly the minimum value; one step less is below it.
      const exact = await h.post<{ id: number }>(
        'Trade/upbbbuy',
        { m_id: item.id, type: 1, operate_type: 1, price: '1', num: '1' },
        user.token,
      );
      expect({ symbol: item.symbol, code: exact.code, msg: exact.msg }).toMatchObject({ code: 1 });
      const less = (1 - 10 ** -item.amount_precision).toFixed(item.amount_precision);
      const below = await h.post(
        'Trade/upbbbuy',
        { m_id: item.id, type: 1, operate_type: 1, price: '1', num: less },
        user.token,
      );
      expect({ symbol: item.symbol, msg: below.msg }).toEqual({
        symbol: item.symbol,
        msg: 'The order total must be at least 1 USDT',
      });
      const tiny = await h.post(
        'Trade/upbbbuy',
        { m_id: item.id, type: 1, operate_type: 1, price: '100000', num: `0.${'0'.repeat(item.amount_precision)}1` },
        user.token,
      );
      expect({ symbol: item.symbol, msg: tiny.msg }).toEqual({
        symbol: item.symbol,
        msg: `The quantity must be at least ${item.min_num} ${item.coinname}`,
      });
    }
  });
});
