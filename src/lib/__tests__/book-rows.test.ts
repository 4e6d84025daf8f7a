import { describe, expect, it } from 'vitest';
import { bookRows, plainDecimal } from '../book-rows.ts';

describe('book rows', () => {
  it('prints doubles as the plain decimal they came from', () => {
    expect(plainDecimal(9.121e-7)).toBe('0.0000009121');
    expect(plainDecimal(716)).toBe('716');
    expect(plainDecimal(0.051598)).toBe('0.051598');
    expect(plainDecimal(1.26936964043e7)).toBe('12693696.4043');
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    expect(plainDecimal(-2.5e-8)).toBe('-0.000000025');
  });

  it('reads the first rows of a packed side, no further than it holds', () => {
    const book = {
      symbol: 'x',
      ts: 0,
      bids: new Float64Array([710.01, 2.260165, 710, 0.104328]),
      asks: new Float64Array(0),
    };
    expect(bookRows(book, 'bids', 5)).toEqual([
      { price: '710.01', size: '2.260165' },
      { price: '710', size: '0.104328' },
    ]);
    expect(bookRows(book, 'asks', 5)).toEqual([]);
  });
});

describe('book grouping and depth', () => {
  it('names the price step of each grouping from the pair precision', async () => {
    const { groupingSize, groupedDecimals } = await import('../book-rows.ts');
    expect([0, 1, 2, 3, 4, 5].map((step) => groupingSize(2, step))).toEqual(['0.01', '0.1', '1', '10', '100', '1000']);
    expect(groupingSize(6, 5)).toBe('0.1');
    expect(groupingSize(undefined, 1)).toBeNull();
    expect(groupedDecimals(2, 1, 6)).toBe(1);
    expect(groupedDecimals(2, 4, 6)).toBe(0);
    expect(groupedDecimals(undefined, 4, 6)).toBe(6);
  });
});
