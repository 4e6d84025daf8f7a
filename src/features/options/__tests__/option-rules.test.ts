import { describe, expect, it } from 'vitest';
import { parseDurations, parseMultipliers } from '../api/get-hy-config.ts';
import {
  countdownElapsedMs,
  maxStake,
  optionFee,
  payoutIfWin,
  quantityChoices,
  runningResult,
  validateOptionQuantity,
} from '../api/option-rules.ts';
import { movingAverage } from '../api/chart-intervals.ts';
import { Big } from '../../../lib/money.ts';

describe('options quantity rules (docs/product-rules.md#options)', () => {
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
    expect(validateOptionQuantity({ ...ok, quantity: '10.000000001' })).toBe('options.rules.quantityDecimals');
    expect(validateOptionQuantity({ ...ok, quantity: '+10' })).toBe('options.rules.quantityInvalid');
    expect(validateOptionQuantity({ ...ok, quantity: '-10' })).toBe('options.rules.quantityInvalid');
    expect(validateOptionQuantity({ ...ok, quantity: '9.99' })).toBe('options.rules.belowMinimum');
    expect(validateOptionQuantity({ ...ok, quantity: '100.01' })).toBe('options.rules.insufficient');
    expect(validateOptionQuantity({ ...ok, quantity: '100' })).toBeNull();
  });

  it('refuses more decimals than the server accepts, not counting trailing zeros as it does', () => {
    const ok = { quantity: '10', minimum: '10', balance: '100', decimals: 2 };
    expect(validateOptionQuantity({ ...ok, quantity: '10.25' })).toBeNull();
    expect(validateOptionQuantity({ ...ok, quantity: '10.2500' })).toBeNull();
    expect(validateOptionQuantity({ ...ok, quantity: '10.251' })).toBe('options.rules.quantityDecimals');
    expect(validateOptionQuantity({ ...ok, quantity: '10.25000001', decimals: undefined })).toBeNull();
  });

  it('with a fee, refuses a stake whose stake + fee exceeds the balance', () => {
    const ok = { quantity: '99', minimum: '10', balance: '100', feeRate: '0.01' };
    expect(validateOptionQuantity(ok)).toBeNull();
    expect(validateOptionQuantity({ ...ok, quantity: '100' })).toBe('options.rules.insufficient');
    expect(validateOptionQuantity({ ...ok, quantity: '99.0099' })).toBeNull();
    expect(validateOptionQuantity({ ...ok, quantity: '99.01' })).toBe('options.rules.insufficient');
    // The fee is cut to 1e-8 like the server's: 990.09900991 + 9.90099009 is exactly 1000.
    expect(validateOptionQuantity({ ...ok, balance: '1000', quantity: '990.09900991' })).toBeNull();
    expect(validateOptionQuantity({ ...ok, balance: '1000', quantity: '990.09900992' })).toBe(
      'options.rules.insufficient',
    );
  });

  it('charges stake × fee rate rounded down to 1e-8, and nothing without a rate', () => {
    expect(optionFee('990.09900991', '0.01').toFixed(8)).toBe('9.90099009');
    expect(optionFee('10', '0.001').toFixed(8)).toBe('0.01000000');
    expect(optionFee('10', '0').toFixed(8)).toBe('0.00000000');
    expect(optionFee('10', undefined).toFixed(8)).toBe('0.00000000');
    expect(optionFee('10', 'x').toFixed(8)).toBe('0.00000000');
  });

  it('All fills the largest stake whose stake + fee the balance covers, with the decimals the server accepts', () => {
    expect(maxStake('150.5', '0', 8)).toBe('150.50000000');
    expect(maxStake('150.5', undefined, 8)).toBe('150.50000000');
    expect(maxStake('150.567', '0', 2)).toBe('150.56');
    expect(maxStake('1000', '0.01', 8)).toBe('990.09900991');
    expect(maxStake('1000', '0.01', 2)).toBe('990.09');
    expect(maxStake('101', '0.01', 8)).toBe('100.00000000');
    expect(maxStake('0', '0.01', 8)).toBe('0.00000000');
    expect(maxStake('', '0.01', 8)).toBe('0.00000000');
    for (const [balance, rate, decimals] of [
      ['1000', '0.01', 8],
      ['123.45678901', '0.003', 8],
      ['7.77', '0.1', 2],
      ['5', '0.015', 0],
    ] as const) {
      const stake = maxStake(balance, rate, decimals);
      expect(
        validateOptionQuantity({ quantity: stake, minimum: undefined, balance, feeRate: rate, decimals }),
      ).toBeNull();
      const next = new Big(stake).plus(new Big(10).pow(-decimals)).toFixed(decimals);
      expect(
        validateOptionQuantity({ quantity: next, minimum: undefined, balance, feeRate: rate, decimals }),
        next,
      ).toBe('options.rules.insufficient');
    }
  });

  it('pays stake × (1 + percent / 100) on a win, rounded down as the server pays it', () => {
    expect(payoutIfWin('10.00000001', '85')).toBe('18.50000001');
    expect(payoutIfWin('10', '85')).toBe('18.50000000');
    expect(payoutIfWin('0.1', '80')).toBe('0.18000000');
    expect(payoutIfWin('x', '80')).toBeNull();
  });

  it('starts the countdown circle as far along as the contract is, clamped to it', () => {
    const endsAt = 1_060_000;
    expect(countdownElapsedMs(60, endsAt, 1_000_000)).toBe(0);
    expect(countdownElapsedMs(60, endsAt, 1_030_500)).toBe(30_500);
    expect(countdownElapsedMs(60, endsAt, 1_060_000)).toBe(60_000);
    expect(countdownElapsedMs(60, endsAt, 1_090_000)).toBe(60_000);
    expect(countdownElapsedMs(60, endsAt, 990_000)).toBe(0);
    expect(countdownElapsedMs(0, endsAt, 1_030_000)).toBe(0);
  });

  it('averages closes over the window', () => {
    expect(movingAverage([1, 2, 3, 4], 2)).toEqual([null, 1.5, 2.5, 3.5]);
    expect(movingAverage([1, 2], 5)).toEqual([null, null]);
  });
});

describe('the running result of an open order', () => {
  const order = { entry: '65000.12', stake: '10.5', percent: '85.5' } as const;

  it('wins stake × percent, rounded down to 1e-8, when the price has moved its way', () => {
    expect(runningResult({ ...order, direction: 1, last: '65000.13' })).toEqual({
      outcome: 'win',
      profit: '+8.97750000',
    });
    expect(runningResult({ ...order, direction: 2, last: '64999.9999' })).toEqual({
      outcome: 'win',
      profit: '+8.97750000',
    });
    // 0.33333333 × 85.5% = 0.284999997…: rounded down, as the server pays.
    expect(runningResult({ ...order, stake: '0.33333333', direction: 1, last: '70000' })).toEqual({
      outcome: 'win',
      profit: '+0.28499999',
    });
  });

  it('loses the whole stake when the price has moved the other way', () => {
    expect(runningResult({ ...order, direction: 1, last: '65000.11' })).toEqual({
      outcome: 'lose',
      profit: '-10.50000000',
    });
    expect(runningResult({ ...order, direction: 2, last: '65000.1200001' })).toEqual({
      outcome: 'lose',
      profit: '-10.50000000',
    });
  });

  it('is a tie, the stake refunded, at exactly the buy price (compared as decimals, not floats)', () => {
    expect(runningResult({ ...order, direction: 1, last: '65000.120' })).toEqual({
      outcome: 'tie',
      profit: '0.00000000',
    });
    // A float reads these two as the same price; the order is up by a hair all the same.
    expect(runningResult({ ...order, direction: 1, last: '65000.1200000000000001' })).toEqual({
      outcome: 'win',
      profit: '+8.97750000',
    });
  });

  it('names no result for a price it cannot read', () => {
    expect(runningResult({ ...order, direction: 1, last: '' })).toBeNull();
    expect(runningResult({ ...order, direction: 1, entry: 'abc', last: '1' })).toBeNull();
  });
});
