import { describe, expect, it } from 'vitest';
import { parseDurations, parseMultipliers } from '../api/get-hy-config.ts';
import { countdownRate, payoutIfWin, quantityChoices, validateOptionQuantity } from '../api/option-rules.ts';
import { movingAverage } from '../api/chart-intervals.ts';

describe('options quantity rules (spec §5)', () => {
  it('offers the multipliers, or multiplier × minimum with 2 decimals when hy_price_type is 2', () => {
    expect(quantityChoices(['1', '3', '5', '10'], 1, '10')).toEqual(['1', '3', '5', '10']);
    expect(quantityChoices(['1', '3', '5', '10'], 2, '10')).toEqual(['10.00', '30.00', '50.00', '100.00']);
    expect(quantityChoices(['1', '2.5'], 2, '0.1')).toEqual(['0.10', '0.25']);
    expect(parseMultipliers('')).toEqual(['1', '3', '5', '10']);
    expect(parseMultipliers('2, 4')).toEqual(['2', '4']);
  });

  it('zips the duration lists', () => {
    expect(parseDurations({ hytime: '30,60', hy_ykbl: '80,85', hymin: '10,20' })).toEqual([
      { time: 30, ykbl: '80', min: '10' },
      { time: 60, ykbl: '85', min: '20' },
    ]);
    expect(parseDurations({ hytime: '30,60', hy_ykbl: '80', hymin: '10' })).toHaveLength(1);
  });

  it('requires a positive stake within the minimum and the balance', () => {
    const ok = { quantity: '10', minimum: '10', balance: '100' };
    expect(validateOptionQuantity(ok)).toBeNull();
    expect(validateOptionQuantity({ ...ok, quantity: '' })).toBe('options.rules.quantityRequired');
    expect(validateOptionQuantity({ ...ok, quantity: 'x' })).toBe('options.rules.quantityInvalid');
    expect(validateOptionQuantity({ ...ok, quantity: '0' })).toBe('options.rules.quantityInvalid');
    expect(validateOptionQuantity({ ...ok, quantity: '10.000000001' })).toBe('options.rules.quantityInvalid');
    expect(validateOptionQuantity({ ...ok, quantity: '9.99' })).toBe('options.rules.belowMinimum');
    expect(validateOptionQuantity({ ...ok, quantity: '100.01' })).toBe('options.rules.insufficient');
    expect(validateOptionQuantity({ ...ok, quantity: '100' })).toBeNull();
  });

  it('pays stake × (1 + percent / 100) on a win', () => {
    expect(payoutIfWin('10', '85')).toBe('18.50000000');
    expect(payoutIfWin('0.1', '80')).toBe('0.18000000');
    expect(payoutIfWin('x', '80')).toBeNull();
  });

  it('fills the countdown circle with remaining over total, clamped', () => {
    expect(countdownRate(30, 60)).toBe(0.5);
    expect(countdownRate(60, 60)).toBe(1);
    expect(countdownRate(0, 60)).toBe(0);
    expect(countdownRate(90, 60)).toBe(1);
    expect(countdownRate(-1, 60)).toBe(0);
    expect(countdownRate(5, 0)).toBe(0);
  });

  it('averages closes over the window', () => {
    expect(movingAverage([1, 2, 3, 4], 2)).toEqual([null, 1.5, 2.5, 3.5]);
    expect(movingAverage([1, 2], 5)).toEqual([null, null]);
  });
});
