import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../../lib/format.ts';
import { minuteText, priceInBar, pricePosition, proofTrades } from '../api/settlement-proof.ts';

describe('verifiable settlement on the client', () => {
  it('reads the trades an order names; an open, void or older order names none for what it lacks', () => {
    const settled = {
      buyprice: '65000.1',
      sellprice: '65010',
      buy_trade_id: '100001',
      buy_trade_ts: 1000,
      sell_trade_id: '100009',
      sell_trade_ts: 31_000,
    };
    expect(proofTrades(settled)).toEqual({
      entry: { tradeId: '100001', ts: 1000, price: '65000.1' },
      settlement: { tradeId: '100009', ts: 31_000, price: '65010' },
    });
    expect(proofTrades({ ...settled, sellprice: '', sell_trade_id: null, sell_trade_ts: null }).settlement).toBeNull();
    expect(proofTrades({ buyprice: '1', sellprice: '2' })).toEqual({ entry: null, settlement: null });
  });

  it('checks the price against the bar exactly, bounds included', () => {
    const bar = { low: '0.100001', high: '0.100009' };
    expect(priceInBar(bar, '0.100001')).toBe(true);
    expect(priceInBar(bar, '0.100009')).toBe(true);
    expect(priceInBar(bar, '0.1000055')).toBe(true);
    expect(priceInBar(bar, '0.1000009')).toBe(false);
    expect(priceInBar(bar, '0.1000009999999999')).toBe(false);
    expect(priceInBar(bar, '0.10000900000000001')).toBe(false);
    expect(priceInBar(bar, 'abc')).toBe(false);
  });

  it('places the marker between low and high, in the middle for a flat bar, clamped outside', () => {
    expect(pricePosition({ low: '100', high: '200' }, '125')).toBe(0.25);
    expect(pricePosition({ low: '100', high: '100' }, '100')).toBe(0.5);
    expect(pricePosition({ low: '100', high: '200' }, '250')).toBe(1);
    expect(pricePosition({ low: '100', high: '200' }, '50')).toBe(0);
  });

  it("names a bar's minute from its start to its end, on the 24-hour clock in Latin digits", () => {
    const start = new Date(2026, 0, 5, 13, 59).getTime() / 1000;
    for (const lang of ['en', 'fa', 'bn'])
      expect(minuteText(start, formatsFor(lang)).replace(/[\u200e\u200f\u061c]/g, '')).toBe('13:59–14:00');
  });
});
