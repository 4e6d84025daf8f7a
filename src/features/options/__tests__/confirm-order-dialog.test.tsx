import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmOrderDialog, type ConfirmOrderDialogProps } from '../components/ConfirmOrderDialog.tsx';

const props = (overrides: Partial<ConfirmOrderDialogProps> = {}): ConfirmOrderDialogProps => ({
  open: true,
  pair: 'BTC/USDT',
  direction: 1,
  quantity: '10.00000001',
  duration: 30,
  rate: '85',
  coin: 'USDT',
  busy: false,
  onConfirm: () => undefined,
  onClose: () => undefined,
  ...overrides,
});

describe('options confirm dialog', () => {
  it('shows the payout the server pays: rounded down to 1e-8', () => {
    render(<ConfirmOrderDialog {...props()} />);
    expect(screen.getByTestId('payout-up').textContent).toBe('18.50000001 USDT');
  });

  it('shows only what the chosen direction pays, labelled with that direction', () => {
    const { unmount } = render(<ConfirmOrderDialog {...props({ direction: 1 })} />);
    expect(screen.getByText('Payout if up wins')).toBeTruthy();
    expect(screen.queryByText('Payout if down wins')).toBeNull();
    expect(screen.queryByTestId('payout-down')).toBeNull();
    expect(screen.queryByText(/^0\.00000000/)).toBeNull();
    unmount();
    render(<ConfirmOrderDialog {...props({ direction: 2 })} />);
    expect(screen.getByText('Payout if down wins')).toBeTruthy();
    expect(screen.getByTestId('payout-down').textContent).toBe('18.50000001 USDT');
    expect(screen.queryByText('Payout if up wins')).toBeNull();
    expect(screen.queryByTestId('payout-up')).toBeNull();
  });

  it('shows the fee debited with the stake when there is one, and no fee line otherwise', () => {
    const { unmount } = render(<ConfirmOrderDialog {...props({ quantity: '990.09900991', feeRate: '0.01' })} />);
    expect(screen.getByTestId('option-fee').textContent).toBe('9.90099009 USDT');
    expect(screen.getByText('Fee')).toBeTruthy();
    unmount();
    render(<ConfirmOrderDialog {...props({ feeRate: '0' })} />);
    expect(screen.queryByTestId('option-fee')).toBeNull();
    expect(screen.queryByText('Fee')).toBeNull();
  });
});

describe('options confirm dialog offline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps Confirm off and says why, so no order is sent', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ConfirmOrderDialog {...props()} />);
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('send-offline').textContent).toBe(
      'You are offline. Nothing is sent until the connection is back.',
    );
  });
});
