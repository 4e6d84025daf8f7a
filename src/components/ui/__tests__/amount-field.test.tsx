import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountField } from '../AmountField.tsx';

function Field({ integer = false, available }: { integer?: boolean; available?: string }) {
  const [value, setValue] = useState('');
  return (
    <AmountField label="Amount" value={value} onChange={setValue} unit="USDT" integer={integer} available={available} />
  );
}

const input = () => screen.getByLabelText('Amount') as HTMLInputElement;
const alert = () => screen.queryByRole('alert')?.textContent ?? null;

describe('the amount field keeps what was typed and says what is wrong with it', () => {
  it.each([
    ['150.5', '150.5'],
    ['150,5', '150.5'],
    [' 1 234.5 ', '1234.5'],
    ['1,234.50', '1234.50'],
    ['1.234,5', '1234.5'],
  ])('decimal field: %j is kept as %j with no message', (typed, kept) => {
    render(<Field />);
    fireEvent.change(input(), { target: { value: typed } });
    expect(input().value).toBe(kept);
    expect(alert()).toBeNull();
  });

  it.each(['150.5', '150,5', '600.5'])(
    'whole-number field: %j is kept and refused, never joined into one number',
    (typed) => {
      render(<Field integer />);
      fireEvent.change(input(), { target: { value: typed } });
      expect(input().value).toBe(typed.replace(',', '.'));
      expect(alert()).toBe('Whole numbers only: remove the decimal part');
    },
  );

  it('whole-number field: pasted thousands separators are read as the whole number they write', () => {
    render(<Field integer />);
    fireEvent.change(input(), { target: { value: '1,500' } });
    // A lone comma is a decimal comma on a keyboard that has no point: 1.5, which is not whole.
    expect(input().value).toBe('1.500');
    expect(alert()).toBe('Whole numbers only: remove the decimal part');
    fireEvent.change(input(), { target: { value: '1 500' } });
    expect(input().value).toBe('1500');
    expect(alert()).toBeNull();
  });

  it('unreadable text is kept as typed with a message', () => {
    render(<Field />);
    fireEvent.change(input(), { target: { value: '1.2.3' } });
    expect(input().value).toBe('1.2.3');
    expect(alert()).toBe('Enter digits with at most one decimal point, e.g. 1234.5');
  });

  it('flags an amount above the available balance as it is typed, with the balance', () => {
    render(<Field available="100.25" />);
    fireEvent.change(input(), { target: { value: '100.25' } });
    expect(alert()).toBeNull();
    fireEvent.change(input(), { target: { value: '100.26' } });
    expect(alert()).toBe('More than you have available (100.25 USDT)');
  });
});
