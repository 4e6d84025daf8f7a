import { describe, expect, it } from 'vitest';
import { DuplicateGuard, submitKey } from '../duplicate-guard.ts';
import { averagePrice, limitTriggered, walkBuyByValue, walkSellQuantity } from '../matching.ts';
import { optionOutcome, optionPayout } from '../settlement.ts';

const asks = [
  { price: '10', amount: '1' },
  { price: '11', amount: '2' },
  { price: '12.5', amount: '10' },
];
const U = 100_000_000n;

describe('matching', () => {
  it('a market buy by value takes whole levels, then what the rest buys at the next, in amount steps', () => {
    // 10 + 22 = 32 for the first two levels; 10 left buys 0.8 at 12.5.
    const walk = walkBuyByValue(asks, 42n * U, 1_000_000n);
    expect(walk.fills).toEqual([
      { price: 10n * U, quantity: 1n * U },
      { price: 11n * U, quantity: 2n * U },
      { price: 1_250_000_000n, quantity: 80_000_000n },
    ]);
    expect(walk.valueScaled / U).toBe(42n * U);
    expect(averagePrice(walk)).toBe((42n * U * U) / 380_000_000n);
  });

  it('a market buy stops at the step: leftover value too small for one more step is not spent', () => {
    const walk = walkBuyByValue(asks, 10n * U + 5n, 1_000_000n);
    expect(walk.quantity).toBe(1n * U);
  });

  it('a market sell takes bids best first until its quantity or the book runs out', () => {
    const bids = [
      { price: '9.5', amount: '0.5' },
      { price: '9', amount: '1' },
    ];
    expect(walkSellQuantity(bids, 1n * U, 1n).fills).toEqual([
      { price: 950_000_000n, quantity: 50_000_000n },
      { price: 9n * U, quantity: 50_000_000n },
    ]);
    expect(walkSellQuantity(bids, 5n * U, 1n).quantity).toBe(150_000_000n);
  });

  it('a limit fills only on a print strictly through it', () => {
    expect(limitTriggered('buy', 100n * U, '99.99')).toBe(true);
    expect(limitTriggered('buy', 100n * U, '100')).toBe(false);
    expect(limitTriggered('buy', 100n * U, '100.000000001')).toBe(false);
    expect(limitTriggered('buy', 100n * U, '99.999999999')).toBe(true);
    expect(limitTriggered('sell', 100n * U, '100.01')).toBe(true);
    expect(limitTriggered('sell', 100n * U, '100.0')).toBe(false);
    expect(limitTriggered('sell', 100n * U, '100.000000001')).toBe(true);
  });
});

describe('second-contract settlement rule', () => {
  it('up wins above, down wins below, the other side loses, an exact tie is a tie', () => {
    expect(optionOutcome(1, '100', '100.01')).toBe('win');
    expect(optionOutcome(1, '100', '99.99')).toBe('lose');
    expect(optionOutcome(2, '100', '99.99')).toBe('win');
    expect(optionOutcome(2, '100', '100.01')).toBe('lose');
    expect(optionOutcome(1, '100.5', '100.50')).toBe('tie');
    expect(optionOutcome(2, '100.5', '100.50')).toBe('tie');
  });

  it('a win pays stake x (1 + percent / 100) rounded down to a unit; a tie refunds; a loss pays nothing', () => {
    expect(optionPayout(10n * U, 8500, 'win')).toBe(1_850_000_000n);
    expect(optionPayout(3n, 8550, 'win')).toBe(5n);
    expect(optionPayout(10n * U, 8500, 'tie')).toBe(10n * U);
    expect(optionPayout(10n * U, 8500, 'lose')).toBe(0n);
  });
});

describe('duplicate guard', () => {
  it('holds a key for its window; a release frees it; other keys are independent', () => {
    let now = 1000;
    const guard = new DuplicateGuard(2000, () => now);
    const key = submitKey(7, 'upbbbuy', { num: '1', price: '2' });
    expect(key).toBe(submitKey(7, 'upbbbuy', { price: '2', num: '1' }));
    expect(guard.claim(key)).toBe(true);
    expect(guard.claim(key)).toBe(false);
    expect(guard.claim(submitKey(8, 'upbbbuy', { num: '1', price: '2' }))).toBe(true);
    now += 1999;
    expect(guard.claim(key)).toBe(false);
    now += 1;
    expect(guard.claim(key)).toBe(true);
    guard.release(key);
    expect(guard.claim(key)).toBe(true);
  });
});
