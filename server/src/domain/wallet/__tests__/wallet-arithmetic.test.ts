import { describe, expect, it } from 'vitest';
import { convert, exactDecimal, percentOf, timesDecimal, toStep } from '../exact.ts';
import { exchangeQuote } from '../flash-exchange.ts';
import type { WithdrawRule } from '../wallet-config.ts';
import { withdrawalFee } from '../withdrawals.ts';

const U = 100_000_000n;

describe("the wallet's exact arithmetic", () => {
  it('reads decimals of any precision without rounding', () => {
    expect(exactDecimal('65012.345')).toEqual({ digits: 65012345n, scale: 3 });
    expect(exactDecimal('0.000000001234')).toEqual({ digits: 1234n, scale: 12 });
    expect(() => exactDecimal('1e-7')).toThrow();
    expect(() => exactDecimal('-1')).toThrow();
  });

  it('values and converts with one final rounding', () => {
    // 0.12345678 BTC at 65012.34 = 8026.2141566652 USDT.
    expect(timesDecimal(12_345_678n, exactDecimal('65012.34'), 'floor')).toBe(802_621_415_666n);
    expect(timesDecimal(12_345_678n, exactDecimal('65012.34'), 'ceil')).toBe(802_621_415_667n);
    // A price with 12 decimals keeps them until the end: 1e8 units at 0.000000001234 USDT.
    expect(timesDecimal(U * 1_000_000n, exactDecimal('0.000000001234'), 'floor')).toBe(123_400n);
    // 1 ETH at 3200 to DOGE at 0.15: 21333.33333333 DOGE (down), not through a rounded USDT amount.
    expect(convert(U, exactDecimal('3200'), exactDecimal('0.15'), 'floor')).toBe(2_133_333_333_333n);
    expect(convert(U, exactDecimal('3200'), exactDecimal('0.15'), 'ceil')).toBe(2_133_333_333_334n);
  });

  it('takes percents and steps', () => {
    expect(percentOf(200n, exactDecimal('0.5'), 'floor')).toBe(1n);
    expect(percentOf(201n, exactDecimal('0.5'), 'floor')).toBe(1n);
    expect(percentOf(201n, exactDecimal('0.5'), 'ceil')).toBe(2n);
    expect(toStep(123_456_789n, 2, 'floor')).toBe(123_000_000n);
    expect(toStep(123_456_789n, 2, 'ceil')).toBe(124_000_000n);
    expect(toStep(123_000_000n, 2, 'ceil')).toBe(123_000_000n);
  });
});

describe('withdrawal fee', () => {
  const percent: WithdrawRule = { min: U, max: 1000n * U, feeType: 1, feePercent: '1', feeFixed: 0n };
  const fixed: WithdrawRule = { min: U, max: 1000n * U, feeType: 2, feePercent: '0', feeFixed: 50_000n };

  it("a percent of the amount, rounded up to the coin's step", () => {
    expect(withdrawalFee(100n * U, percent, 8)).toEqual({ fee: U, received: 99n * U });
    // 1 % of 55.55555555 is 0.5555555555: 0.55555556 with 8 decimals, 0.56 with 2.
    expect(withdrawalFee(5_555_555_555n, percent, 8)).toEqual({ fee: 55_555_556n, received: 5_499_999_999n });
    expect(withdrawalFee(5_555_000_000n, percent, 2)).toEqual({ fee: 56_000_000n, received: 5_499_000_000n });
  });

  it('a fixed fee, and never more than the amount (received never below zero)', () => {
    expect(withdrawalFee(100_000n, fixed, 8)).toEqual({ fee: 50_000n, received: 50_000n });
    expect(withdrawalFee(50_000n, fixed, 8)).toEqual({ fee: 50_000n, received: 0n });
    expect(withdrawalFee(10_000n, fixed, 8)).toEqual({ fee: 10_000n, received: 0n });
  });
});

describe('exchange quote', () => {
  it("buys down to the coin's step, then takes the fee rounded up", () => {
    // 0.1 BTC at 65000.01 = 6500.001 USDT; 0.2 % fee = 13.000002.
    expect(exchangeQuote(10_000_000n, '65000.01', '1', '0.2', 8)).toEqual({
      gross: 650_000_100_000n,
      fee: 1_300_000_200n,
      received: 648_700_099_800n,
    });
    // To a coin with 2 decimals: 6500.00 bought, fee 13.00.
    expect(exchangeQuote(10_000_000n, '65000.01', '1', '0.2', 2)).toEqual({
      gross: 650_000_000_000n,
      fee: 1_300_000_000n,
      received: 648_700_000_000n,
    });
    // Nothing bought, or all of it eaten by the fee: received 0.
    expect(exchangeQuote(1n, '1', '65000', '0.2', 8)).toEqual({ gross: 0n, fee: 0n, received: 0n });
    expect(exchangeQuote(1n, '1', '0.5', '60', 8)).toEqual({ gross: 2n, fee: 2n, received: 0n });
  });
});
