import { describe, expect, it } from 'vitest';
import { arrivalAmount, checkTransfer, feePercent, transferFee } from '../api/transfer-rules.ts';

describe('internal transfer rules', () => {
  it('takes the fee as the server does: amount × rate, rounded down to 1e-8; the receiver gets the rest (docs/product-rules.md#internal-transfers)', () => {
    expect(transferFee('200.5', '0.0025')!.toFixed(8)).toBe('0.50125000');
    expect(arrivalAmount('200.5', '0.0025')!.toFixed(8)).toBe('199.99875000');
    expect(transferFee('0.00000003', '0.5')!.toFixed(8)).toBe('0.00000001');
    expect(arrivalAmount('0.00000003', '0.5')!.toFixed(8)).toBe('0.00000002');
    expect(arrivalAmount('10', '0')!.toFixed(8)).toBe('10.00000000');
    expect(arrivalAmount('', '0.01')).toBeNull();
  });

  it('shows the fee as rate × 100 percent, or the no-fee text at 0 (docs/product-rules.md#internal-transfers)', () => {
    expect(feePercent('0.001')).toBe('0.1');
    expect(feePercent('0.0025')).toBe('0.25');
    expect(feePercent('0')).toBeNull();
  });

  it('needs the receiver confirmed first, then a coin, an amount within its decimals and the balance, then the password', () => {
    const coin = { balance: '100', decimals: 8, title: 'USDT' };
    const base = { receiverConfirmed: true, coin, amount: '10', passwordRequired: true, password: 'x' };
    expect(checkTransfer({ ...base, receiverConfirmed: false, coin: null })?.key).toBe('earn.transfer.confirmFirst');
    expect(checkTransfer({ ...base, coin: null })?.key).toBe('earn.transfer.chooseCoin');
    expect(checkTransfer({ ...base, amount: '' })?.key).toBe('earn.transfer.amountRequired');
    expect(checkTransfer({ ...base, amount: '0' })?.key).toBe('earn.amountInvalid');
    // Text the field could not read as one number is refused with the field's own message.
    expect(checkTransfer({ ...base, amount: '1.2.3' })?.key).toBe('send.amount.format');
    expect(checkTransfer({ ...base, amount: '1,234' })?.key).toBe('send.amount.format');
    expect(checkTransfer({ ...base, amount: '1.123456789' })).toEqual({
      key: 'earn.transfer.decimals',
      vars: { decimals: '8', coin: 'USDT' },
    });
    expect(checkTransfer({ ...base, amount: '100.00000001' })?.key).toBe('earn.insufficient');
    expect(checkTransfer({ ...base, password: '' })?.key).toBe('earn.payPasswordRequired');
    expect(checkTransfer(base)).toBeNull();
  });
});
