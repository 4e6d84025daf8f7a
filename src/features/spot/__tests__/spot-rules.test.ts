import { describe, expect, it } from 'vitest';
import { canBuy, orderValue, quickFill, stepPrice, validateSpotOrder, type SpotFormInput } from '../api/spot-rules.ts';

const base: SpotFormInput = { side: 1, mode: 1, price: '100', quantity: '1', amount: '', quoteAvailable: '1000', baseAvailable: '2' };

describe('spot order rules (spec §5)', () => {
  it('accepts an affordable limit buy and a covered sell', () => {
    expect(validateSpotOrder(base)).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, side: 2, quantity: '2' })).toEqual({ ok: true });
  });

  it('asks for the price of a limit order and the quantity', () => {
    expect(validateSpotOrder({ ...base, price: '' })).toMatchObject({ ok: false, key: 'spot.rules.enterPrice', field: 'price' });
    expect(validateSpotOrder({ ...base, price: '0' })).toMatchObject({ key: 'spot.rules.enterPrice' });
    expect(validateSpotOrder({ ...base, quantity: '' })).toMatchObject({ key: 'spot.rules.enterQuantity', field: 'quantity' });
    expect(validateSpotOrder({ ...base, quantity: '-1' })).toMatchObject({ key: 'spot.rules.enterQuantity' });
    expect(validateSpotOrder({ ...base, quantity: 'abc' })).toMatchObject({ key: 'spot.rules.enterQuantity' });
    expect(validateSpotOrder({ ...base, quantity: '0.123456789' })).toMatchObject({ key: 'spot.rules.enterQuantity' });
  });

  it('asks for the amount of a market buy and the quantity of a market sell', () => {
    expect(validateSpotOrder({ ...base, mode: 2, amount: '' })).toMatchObject({ key: 'spot.rules.enterAmount', field: 'amount' });
    expect(validateSpotOrder({ ...base, mode: 2, amount: '50' })).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, mode: 2, side: 2, quantity: '' })).toMatchObject({ key: 'spot.rules.enterQuantity' });
  });

  it('refuses what the balance cannot cover and asks to clear the amounts', () => {
    expect(validateSpotOrder({ ...base, quantity: '10.00000001' })).toEqual({ ok: false, key: 'spot.rules.insufficient', field: 'quantity', clear: true });
    expect(validateSpotOrder({ ...base, quantity: '10' })).toEqual({ ok: true });
    expect(validateSpotOrder({ ...base, side: 2, quantity: '2.1' })).toMatchObject({ key: 'spot.rules.insufficient', clear: true });
    expect(validateSpotOrder({ ...base, mode: 2, amount: '1000.01' })).toMatchObject({ key: 'spot.rules.insufficient', field: 'amount', clear: true });
  });

  it('computes value, can-buy, price steps and quick-fill exactly', () => {
    expect(orderValue('0.1', '0.2')).toBe('0.02000000');
    expect(orderValue('', '1')).toBe('');
    expect(canBuy('1000', '3')).toBe('333.33333333');
    expect(canBuy('1000', '0')).toBe('0');
    expect(stepPrice('0.29', 1)).toBe('0.30');
    expect(stepPrice('0.005', -1)).toBe('0.00');
    expect(quickFill(base, 25)).toEqual({ field: 'quantity', value: '2.5000' });
    expect(quickFill({ ...base, price: '3' }, 100)).toEqual({ field: 'quantity', value: '333.3333' });
    expect(quickFill({ ...base, mode: 2 }, 50)).toEqual({ field: 'amount', value: '500.00' });
    expect(quickFill({ ...base, side: 2 }, 75)).toEqual({ field: 'quantity', value: '1.5000' });
    expect(quickFill({ ...base, price: '' }, 25)).toBeNull();
  });
});
