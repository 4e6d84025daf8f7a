import { describe, expect, it } from 'vitest';
import { amountTextProblem, cleanAmountText } from '../amount-input.ts';

describe('amount text: the field never changes the value typed', () => {
  it('keeps a plain decimal as typed and reads a lone comma as the decimal point', () => {
    expect(cleanAmountText('150.5')).toBe('150.5');
    expect(cleanAmountText('150,5')).toBe('150.5');
    expect(cleanAmountText(',5')).toBe('.5');
    expect(cleanAmountText('12.')).toBe('12.');
  });

  it('drops pasted spaces of every kind, which carry no value', () => {
    expect(cleanAmountText(' 1 234.56 ')).toBe('1234.56');
    expect(cleanAmountText('1\u00a0234,5')).toBe('1234.5');
    expect(cleanAmountText('1\u202f000\u2009000')).toBe('1000000');
  });

  it('reads thousands separators only where they cannot be a decimal mark', () => {
    expect(cleanAmountText('1,234.56')).toBe('1234.56');
    expect(cleanAmountText('1.234,56')).toBe('1234.56');
    expect(cleanAmountText('1,234,567')).toBe('1234567');
    expect(cleanAmountText('1.234.567')).toBe('1234567');
    expect(cleanAmountText('12,345,678.9')).toBe('12345678.9');
  });

  it('keeps text it cannot read exactly as typed, never joining digits across a mark', () => {
    for (const text of ['1,23.4', '1.2.3', '12,34,56', '1,2,3.4', '0x1A', '1e3', '-5', '+5', 'abc', '1.2,3']) {
      expect(cleanAmountText(text)).toBe(text);
      expect(amountTextProblem(cleanAmountText(text), false)).toBe('format');
    }
  });

  it('refuses a fraction in a whole-number field instead of dropping the point (150.5 is not 1505)', () => {
    for (const typed of ['150.5', '150,5', '600.5']) {
      const kept = cleanAmountText(typed);
      expect(kept).toBe(typed.replace(',', '.'));
      expect(amountTextProblem(kept, true)).toBe('wholeOnly');
      expect(amountTextProblem(kept, false)).toBeNull();
    }
    expect(amountTextProblem('1505', true)).toBeNull();
    expect(amountTextProblem(cleanAmountText('1,505,000'), true)).toBeNull();
  });

  it('leaves an empty field to the form', () => {
    expect(amountTextProblem('', true)).toBeNull();
  });
});
