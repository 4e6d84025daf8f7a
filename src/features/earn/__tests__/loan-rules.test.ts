import { describe, expect, it } from 'vitest';
import { canCancel, canRepay, checkLoanApplication, loanCost } from '../api/loan-rules.ts';

const complete = {
  amount: '500',
  min: '100',
  max: '5000',
  frontCard: '/uploads/a.jpg',
  laterCard: '/uploads/b.jpg',
  handheldCard: '/uploads/c.jpg',
};

describe('loan application rules (docs/product-rules.md#loans)', () => {
  it('checks the amount first, naming min and max', () => {
    expect(checkLoanApplication({ ...complete, amount: '99', frontCard: null })).toEqual({
      key: 'earn.loans.amountRange',
      vars: { min: '100', max: '5000' },
    });
    expect(checkLoanApplication({ ...complete, amount: '5001' })?.key).toBe('earn.loans.amountRange');
    // The stepper keeps 600.5 as typed: refused with the message the field shows, never read as 6005.
    expect(checkLoanApplication({ ...complete, amount: '600.5' })?.key).toBe('send.amount.wholeOnly');
    expect(checkLoanApplication({ ...complete, amount: '6 00' })?.key).toBe('send.amount.format');
  });

  it('then the images in order: front, back, handheld', () => {
    expect(checkLoanApplication({ ...complete, frontCard: null, laterCard: null, handheldCard: null })?.key).toBe(
      'earn.loans.frontMissing',
    );
    expect(checkLoanApplication({ ...complete, laterCard: null, handheldCard: null })?.key).toBe(
      'earn.loans.backMissing',
    );
    expect(checkLoanApplication({ ...complete, handheldCard: null })?.key).toBe('earn.loans.handheldMissing');
    expect(checkLoanApplication(complete)).toBeNull();
  });

  it('works out the interest as the server fixes it: principal × daily rate × days, rounded up to 1e-8', () => {
    const cost = loanCost('1000', '0.1234', 10)!;
    expect([cost.interest.toFixed(8), cost.total.toFixed(8)]).toEqual(['12.34000000', '1012.34000000']);
    // 3 × 0.0000001 % = 0.000000003: a fraction of a unit owed is rounded up.
    expect(loanCost('3', '0.0000001', 1)!.interest.toFixed(8)).toBe('0.00000001');
    expect(loanCost('', '0.1', 7)).toBeNull();
    expect(loanCost('600.5', '0.1', 7)).toBeNull();
  });

  it('offers repay on an approved unpaid loan and cancel on a pending application only (docs/product-rules.md#loans)', () => {
    expect([1, 2, 3, 4].map((status) => canRepay({ status, is_repayment: 0 }))).toEqual([false, true, false, false]);
    expect(canRepay({ status: 2, is_repayment: 1 })).toBe(false);
    expect([1, 2, 3, 4].map((status) => canCancel({ status }))).toEqual([true, false, false, false]);
  });
});
