import { describe, expect, it } from 'vitest';
import { isWholeNumber, stepInteger, stepperStep, withinBounds } from '../api/earn-rules.ts';

describe('earn rules: whole numbers and the integer stepper (spec §5)', () => {
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
});
