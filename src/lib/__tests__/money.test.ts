import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  decimalPlaces,
  direction,
  formatFixed,
  formatSigned,
  formatTrim,
  MAX_SHOWN_DECIMALS,
  percentChange,
  shownDecimals,
  toBig,
} from '../money.ts';

describe('money', () => {
  it('parses plain decimals only', () => {
    expect(toBig('12.50')?.toString()).toBe('12.5');
    expect(toBig('+1.2')?.toString()).toBe('1.2');
    expect(toBig('.5')?.toString()).toBe('0.5');
    for (const bad of ['', 'abc', '1e5', '1,5', '--1', ' ', 'NaN', 'Infinity']) expect(toBig(bad)).toBeNull();
  });

  it('formats to N decimals rounding down, exactly (no float noise)', () => {
    expect(formatFixed('0.1', 8)).toBe('0.10000000');
    expect(formatFixed('1.23456789', 2)).toBe('1.23');
    expect(formatFixed('1.999', 2)).toBe('1.99');
    expect(formatFixed('123456789012345678.123456789', 8)).toBe('123456789012345678.12345678');
    expect(formatFixed('0.30000000000000004', 17)).toBe('0.30000000000000004');
    expect(formatFixed('x', 2)).toBe('--');
    expect(formatTrim('1.50000000', 8)).toBe('1.5');
  });

  it('formats every kind of decimal text as big.js rounding down would', () => {
    // Generated from a fixed seed: whole parts with and without leading zeros, fractions of every
    // length, signs, a lone point, spaces; at 0 to 8 decimals.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const digits = (n: number) => Array.from({ length: n }, () => String(next(10))).join('');
    const shapes = [
      () => digits(1 + next(12)),
      () => `${digits(1 + next(8))}.${digits(1 + next(10))}`,
      () => `0.${digits(1 + next(10))}`,
      () => `00${digits(1 + next(4))}.${digits(next(4))}`,
      () => `-${digits(1 + next(6))}.${digits(1 + next(6))}`,
      () => `+${digits(1 + next(6))}`,
      () => `.${digits(1 + next(5))}`,
      () => `${digits(1 + next(5))}.`,
      () => ` ${digits(1 + next(5))}.${digits(2)} `,
    ];
    for (let i = 0; i < 3000; i++) {
      const text = (shapes[i % shapes.length] as () => string)();
      const dp = next(9);
      const expected = new Big(text.trim().replace(/^\+/, '')).round(dp, Big.roundDown).toFixed(dp);
      expect(formatFixed(text, dp), `${JSON.stringify(text)} at ${dp}`).toBe(expected);
    }
  });

  it('signs changes and finds their direction', () => {
    expect(formatSigned('1.2', 2)).toBe('+1.20');
    expect(formatSigned('-0.4', 2)).toBe('-0.40');
    expect(formatSigned('0', 2)).toBe('0.00');
    expect(formatSigned('-0.001', 2)).toBe('0.00');
    expect(direction('+1.25')).toBe('up');
    expect(direction('-0.40')).toBe('down');
    expect(direction('0.00')).toBe('flat');
    expect(direction(null)).toBe('flat');
  });

  it('computes the change against the open', () => {
    expect(percentChange('100', '101.5')).toBe('+1.50');
    expect(percentChange('200', '190')).toBe('-5.00');
    expect(percentChange('0', '1')).toBeNull();
    expect(decimalPlaces('1.2345')).toBe(4);
    expect(decimalPlaces('12')).toBe(0);
  });

  it('shows a pair at its own precision, 6 decimals at most (docs/product-rules.md#constants read as a limit)', () => {
    expect(shownDecimals(2)).toBe(2);
    expect(shownDecimals(0)).toBe(0);
    expect(shownDecimals(8)).toBe(MAX_SHOWN_DECIMALS);
    expect(shownDecimals(undefined)).toBe(MAX_SHOWN_DECIMALS);
    expect(formatFixed('64594.94', shownDecimals(2))).toBe('64594.94');
  });
});
