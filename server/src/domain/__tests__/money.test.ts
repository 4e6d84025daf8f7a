import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  decimalToUnits,
  divide,
  formatTrimmed,
  formatUnits,
  numberToDecimal,
  parseAmount,
  percentChange,
  stepUnits,
  valueOf,
} from '../money.ts';
import { feeFor, ppmToRate } from '../fees.ts';

describe('money: exact 1e-8 units', () => {
  it('parses plain positive decimals exactly', () => {
    expect(parseAmount('12')).toEqual({ ok: true, units: 1_200_000_000n });
    expect(parseAmount('0.00000001')).toEqual({ ok: true, units: 1n });
    expect(parseAmount('0.1')).toEqual({ ok: true, units: 10_000_000n });
    expect(parseAmount('007.50')).toEqual({ ok: true, units: 750_000_000n });
    expect(parseAmount('1.50', 1)).toEqual({ ok: true, units: 150_000_000n });
  });

  it('refuses signs, exponents, hex, spaces, empty text, zero, too many decimals and huge values', () => {
    for (const text of ['-1', '+1', '1e3', '0x10', ' 1', '1 ', '', '.5', '1.', '1,5', 'NaN', 'Infinity', '１'])
      expect(parseAmount(text), text).toEqual({ ok: false, problem: 'invalid' });
    expect(parseAmount('0')).toEqual({ ok: false, problem: 'zero' });
    expect(parseAmount('0.000')).toEqual({ ok: false, problem: 'zero' });
    expect(parseAmount('0.000000001')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseAmount('1.123', 2)).toEqual({ ok: false, problem: 'decimals' });
    expect(parseAmount('10000000001')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseAmount('1'.repeat(41))).toEqual({ ok: false, problem: 'invalid' });
  });

  it('formats units with fixed or trimmed decimals, never rounding up', () => {
    expect(formatUnits(1_234_567_891n)).toBe('12.34567891');
    expect(formatUnits(1_234_567_891n, 2)).toBe('12.34');
    expect(formatUnits(5n, 8)).toBe('0.00000005');
    expect(formatUnits(-150_000_000n, 2)).toBe('-1.50');
    expect(formatUnits(700_000_000n, 0)).toBe('7');
    expect(formatTrimmed(150_000_000n, 2)).toBe('1.50');
    expect(formatTrimmed(100_000_000n)).toBe('1');
    expect(formatTrimmed(123_456_789n, 2)).toBe('1.23456789');
  });

  it('reads feed decimals with more than 8 places rounded as asked', () => {
    expect(decimalToUnits('0.000000015')).toBe(1n);
    expect(decimalToUnits('0.000000015', 'ceil')).toBe(2n);
    expect(decimalToUnits('0.000000010', 'ceil')).toBe(1n);
    expect(decimalToUnits('65000.12')).toBe(6_500_012_000_000n);
    expect(() => decimalToUnits('1e-7')).toThrow();
  });

  it('divides and multiplies with explicit rounding', () => {
    expect(divide(7n, 2n, 'floor')).toBe(3n);
    expect(divide(7n, 2n, 'ceil')).toBe(4n);
    expect(divide(-7n, 2n, 'floor')).toBe(-4n);
    expect(divide(6n, 2n, 'ceil')).toBe(3n);
    // 0.333333 BTC at 3.33 USDT = 1.10999889 exactly
    expect(valueOf(33_333_300n, 333_000_000n, 'floor')).toBe(110_999_889n);
    // 0.00000001 at 0.5 = 0.000000005: floor 0, ceil 1 unit
    expect(valueOf(1n, 50_000_000n, 'floor')).toBe(0n);
    expect(valueOf(1n, 50_000_000n, 'ceil')).toBe(1n);
    expect(stepUnits(6)).toBe(100n);
    expect(stepUnits(0)).toBe(100_000_000n);
  });

  it('turns feed numbers into exact decimal text, expanding exponents', () => {
    expect(numberToDecimal(65000.12)).toBe('65000.12');
    expect(numberToDecimal(1e-7)).toBe('0.0000001');
    expect(numberToDecimal(9.121e-7)).toBe('0.0000009121');
    expect(numberToDecimal(1.5e21)).toBe('1500000000000000000000');
    expect(numberToDecimal(0.1 + 0.2)).toBe('0.30000000000000004');
  });

  it('compares decimals of different lengths exactly', () => {
    expect(compareDecimal('100.5', '100.50')).toBe(0);
    expect(compareDecimal('100.5', '100.49999999999')).toBe(1);
    expect(compareDecimal('99', '100')).toBe(-1);
  });

  it('gives the signed percent change with 2 decimals, half away from zero', () => {
    expect(percentChange('100', '101.234')).toBe('+1.23');
    expect(percentChange('100', '99.5')).toBe('-0.50');
    expect(percentChange('100', '100')).toBe('+0.00');
    expect(percentChange('200', '200.01')).toBe('+0.01');
    expect(percentChange('100', '100.005')).toBe('+0.01');
    expect(percentChange('100', '99.996')).toBe('+0.00');
    expect(percentChange('0', '5')).toBe('+0.00');
  });

  it('fees: ppm of an amount, rounded down to a unit', () => {
    expect(feeFor(100_000_000n, 1000)).toBe(100_000n);
    expect(feeFor(999n, 1000)).toBe(0n);
    expect(feeFor(100_000_000n, 0)).toBe(0n);
    expect(ppmToRate(1000)).toBe('0.001');
    expect(ppmToRate(0)).toBe('0');
    expect(ppmToRate(10000)).toBe('0.01');
  });
});
