import { describe, expect, it } from 'vitest';
import { checkStaking, stakingEstimate } from '../api/staking-rules.ts';

describe('staking rules (docs/product-rules.md#staking)', () => {
  const base = { amount: '500', min: '100', balance: '1000', passwordRequired: true, password: 'pay12345' };

  it("checks in order: required, the field's own problem, the minimum with {num}, the balance, the password", () => {
    expect(checkStaking({ ...base, amount: ' ' })?.key).toBe('earn.staking.amountRequired');
    // The field keeps 150.5 as typed: refused with the message the field shows, never read as 1505.
    expect(checkStaking({ ...base, amount: '150.5' })?.key).toBe('send.amount.wholeOnly');
    expect(checkStaking({ ...base, amount: '1e3' })?.key).toBe('send.amount.format');
    expect(checkStaking({ ...base, amount: '1,5' })?.key).toBe('send.amount.format');
    expect(checkStaking({ ...base, amount: '99' })).toEqual({ key: 'earn.staking.belowMinimum', vars: { num: '100' } });
    expect(checkStaking({ ...base, amount: '1001' })?.key).toBe('earn.insufficient');
    expect(checkStaking({ ...base, password: '' })?.key).toBe('earn.payPasswordRequired');
    expect(checkStaking({ ...base, password: '', passwordRequired: false })).toBeNull();
    expect(checkStaking(base)).toBeNull();
  });

  it("estimates the period's revenue as the server pays it: amount × yearly % / 100 × days / 365, rounded down", () => {
    expect(stakingEstimate('1001', '8.5', 30)!.toFixed(8)).toBe('6.99328767');
    expect(stakingEstimate('365', '10', 365)!.toFixed(8)).toBe('36.50000000');
    expect(stakingEstimate('x', '10', 30)).toBeNull();
    expect(stakingEstimate('150.5', '10', 30)).toBeNull();
  });
});
