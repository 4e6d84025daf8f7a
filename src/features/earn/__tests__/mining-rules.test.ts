import { describe, expect, it } from 'vitest';
import { checkMiningPurchase, lastEntry, miningEstimate, miningTerms } from '../api/mining-rules.ts';

describe('lock mining rules', () => {
  it('pairs the comma lists of cycles and rates, and shows their last entries on the card (docs/product-rules.md#lock-mining)', () => {
    const product = { cycle: '7,15,30', interest_rate: '0.3, 0.4,0.5' };
    expect(miningTerms(product)).toEqual([
      { days: 7, rate: '0.3' },
      { days: 15, rate: '0.4' },
      { days: 30, rate: '0.5' },
    ]);
    expect([lastEntry(product.cycle), lastEntry(product.interest_rate)]).toEqual(['30', '0.5']);
    expect(miningTerms({ cycle: '7,x,30', interest_rate: '0.3,0.4' })).toEqual([{ days: 7, rate: '0.3' }]);
  });

  it('estimates amount × rate × days / 100 exactly (docs/product-rules.md#lock-mining)', () => {
    expect(miningEstimate('1001', '0.3333', 7)!.toFixed(8)).toBe('23.35433100');
    expect(miningEstimate('100', '0.5', 30)!.toFixed(8)).toBe('15.00000000');
    expect(miningEstimate('', '0.5', 30)).toBeNull();
    expect(miningEstimate('100.5', '0.5', 30)).toBeNull();
  });

  it('needs a period, a whole amount within min_price..max_price, the balance, and the password while it is required', () => {
    const term = { days: 7, rate: '0.3' };
    const base = {
      amount: '500',
      min: '100',
      max: '1000',
      balance: '600',
      term,
      passwordRequired: true,
      password: 'pay12345',
    };
    expect(checkMiningPurchase({ ...base, term: null })?.key).toBe('earn.mining.chooseDay');
    expect(checkMiningPurchase({ ...base, amount: '1001' })).toEqual({
      key: 'earn.mining.amountRange',
      vars: { min: '100', max: '1000' },
    });
    // The stepper keeps 100.5 as typed: refused with the message the field shows, never read as 1005.
    expect(checkMiningPurchase({ ...base, amount: '100.5' })?.key).toBe('send.amount.wholeOnly');
    expect(checkMiningPurchase({ ...base, amount: '1,200' })?.key).toBe('send.amount.format');
    expect(checkMiningPurchase({ ...base, amount: '650', max: '1000' })?.key).toBe('earn.insufficient');
    expect(checkMiningPurchase({ ...base, password: '' })?.key).toBe('earn.payPasswordRequired');
    expect(checkMiningPurchase({ ...base, password: '', passwordRequired: false })).toBeNull();
    expect(checkMiningPurchase(base)).toBeNull();
  });
});
