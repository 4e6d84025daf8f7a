import { describe, expect, it } from 'vitest';
import { confirmPercent, priceDistance } from '../api/price-distance.ts';

describe('price distance from the last price', () => {
  it('states how far above or below, in percent with 2 decimals', () => {
    expect(priceDistance('69214.484', '64565.75', 5)).toEqual({ percent: '7.20', side: 'above' });
    expect(priceDistance('58109.175', '64565.75', 5)).toEqual({ percent: '10.00', side: 'below' });
  });

  it('is exact at the limit: 5 % is not more than 5, a unit above it is (floats say 5.000000000000004 %)', () => {
    expect(priceDistance('0.315', '0.3', 5)).toBeNull();
    expect(priceDistance('0.285', '0.3', 5)).toBeNull();
    expect(priceDistance('0.31500001', '0.3', 5)).toEqual({ percent: '5.00', side: 'above' });
    expect(priceDistance('0.28499999', '0.3', 5)).toEqual({ percent: '5.00', side: 'below' });
  });

  it('asks nothing when the check is off, the last price is unknown or a price is unreadable', () => {
    expect(priceDistance('100000', '64565.75', 0)).toBeNull();
    expect(priceDistance('100000', '', 5)).toBeNull();
    expect(priceDistance('', '64565.75', 5)).toBeNull();
    expect(priceDistance('1,5', '64565.75', 5)).toBeNull();
  });

  it('reads the setting: a number of 0 or more, 5 when absent or unreadable', () => {
    expect(confirmPercent(undefined)).toBe(5);
    expect(confirmPercent(0)).toBe(0);
    expect(confirmPercent(2.5)).toBe(2.5);
    expect(confirmPercent('10')).toBe(10);
    expect(confirmPercent(-1)).toBe(5);
    expect(confirmPercent('x')).toBe(5);
  });
});
