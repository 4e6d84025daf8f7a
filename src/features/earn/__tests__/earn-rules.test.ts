import { describe, expect, it } from 'vitest';
import {
  amountTextRefusal,
  earlyRedemption,
  isWholeNumber,
  stepInteger,
  stepperStep,
  withinBounds,
} from '../api/earn-rules.ts';

describe('earn rules: whole numbers and the integer stepper (docs/product-rules.md#earn)', () => {
  it('accepts digits only as whole numbers', () => {
    expect(['100', ' 7 ', '0'].map(isWholeNumber)).toEqual([true, true, true]);
    expect(['1.5', '-1', '1e3', '', '１２'].map(isWholeNumber)).toEqual([false, false, false, false, false]);
  });

  it('checks bounds inclusively, on whole numbers only', () => {
    expect(withinBounds('100', '100', '5000')).toBe(true);
    expect(withinBounds('5000', '100', '5000')).toBe(true);
    expect(withinBounds('99', '100', '5000')).toBe(false);
    expect(withinBounds('5001', '100', '5000')).toBe(false);
    expect(withinBounds('150.5', '100', '5000')).toBe(false);
  });

  it('steps by the power of ten of the smallest amount and stays within the bounds', () => {
    expect(stepperStep('100').toString()).toBe('100');
    expect(stepperStep('250').toString()).toBe('100');
    expect(stepperStep('1').toString()).toBe('1');
    expect(stepInteger('100', 1, '100', '5000')).toBe('200');
    expect(stepInteger('4950', 1, '100', '5000')).toBe('5000');
    expect(stepInteger('150', -1, '100', '5000')).toBe('100');
    expect(stepInteger('', 1, '100', '5000')).toBe('100');
    expect(stepInteger('7', 1, '1', '10')).toBe('8');
  });

  it("refuses the text an amount field flags, with the field's own message", () => {
    expect(amountTextRefusal('150.5', true)).toEqual({ key: 'send.amount.wholeOnly' });
    expect(amountTextRefusal('150.5', false)).toBeNull();
    expect(amountTextRefusal('1.2.3', false)).toEqual({ key: 'send.amount.format' });
    expect(amountTextRefusal('150', true)).toBeNull();
  });

  it('states what an early redemption gives back of the principal, the fee rounded down as the server takes it', () => {
    const back = (amount: string, rate: string) => {
      const result = earlyRedemption(amount, rate)!;
      return [result.fee.toFixed(8), result.back.toFixed(8)];
    };
    expect(back('1000', '2.5')).toEqual(['25.00000000', '975.00000000']);
    // 333 × 0.333 % = 1.10889; 0.00000003 × 1 % is below a unit: no fee.
    expect(back('333', '0.333')).toEqual(['1.10889000', '331.89111000']);
    expect(back('0.00000003', '1')).toEqual(['0.00000000', '0.00000003']);
    expect(back('500', '0')).toEqual(['0.00000000', '500.00000000']);
    expect(earlyRedemption('', '1')).toBeNull();
  });
});
