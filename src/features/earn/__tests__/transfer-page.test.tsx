import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { site, type SiteSettings } from '../../../lib/site-settings.ts';
import { TransferPage } from '../components/TransferPage.tsx';

const search = vi.hoisted(() => ({ searchUser: vi.fn() }));
const coins = vi.hoisted(() => ({ getTransferCoins: vi.fn() }));
const send = vi.hoisted(() => ({ sendTransfer: vi.fn() }));
vi.mock('../api/search-user.ts', () => search);
vi.mock('../api/get-transfer-coins.ts', () => coins);
vi.mock('../api/send-transfer.ts', () => send);
vi.mock('wouter/use-browser-location', () => ({ navigate: vi.fn() }));

beforeEach(() => {
  site.settings = { Internal_transfer_status: 1, traders_password_switch: 1 } as SiteSettings;
  search.searchUser.mockReset();
  search.searchUser.mockResolvedValue({ ok: true, data: { id: 100002, username: 'bob@example.com' }, msg: '' });
  coins.getTransferCoins.mockReset();
  coins.getTransferCoins.mockResolvedValue({
    ok: true,
    msg: '',
    data: {
      list: [
        { id: 1, title: 'USDT', balance: '500', internal_transfer_sxf: '0.001', internal_transfer_days: 1, decimals: 8 },
        { id: 2, title: 'BTC', balance: '0.5', internal_transfer_sxf: '0', internal_transfer_days: 0, decimals: 8 },
      ],
    },
  });
  send.sendTransfer.mockReset();
  send.sendTransfer.mockResolvedValue({ ok: true, data: {}, msg: 'Transfer submitted' });
});

async function findAndConfirm() {
  fireEvent.change(screen.getByLabelText('Receiving account'), { target: { value: 'bob@example.com' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
  expect(screen.queryByTestId('transfer-form')).toBeNull();
  await act(async () => fireEvent.click(screen.getByTestId('transfer-receiver')));
  await screen.findByTestId('transfer-form');
}

describe('the internal transfer screen (spec §2 Transfer)', () => {
  it('shows the form only after the found account is tapped to confirm, then fee, arrival and what arrives', async () => {
    render(<TransferPage />);
    await findAndConfirm();
    expect(search.searchUser).toHaveBeenCalledWith('bob@example.com');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '200.5' } });
    expect(screen.getByTestId('transfer-fee').textContent).toBe('0.1% · 0.20050000 USDT');
    expect(screen.getByTestId('transfer-actual').textContent).toBe('200.29950000 USDT');
    expect(screen.getByText('In 1 day')).toBeTruthy();
  });

  it('says no fee at 0, resets the amount when the coin changes, and sends to the confirmed receiver', async () => {
    render(<TransferPage />);
    await findAndConfirm();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('transfer-coin'));
    fireEvent.click(screen.getByRole('button', { name: /BTC/ }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('transfer-fee').textContent).toBe('No fee');
    expect(screen.getByText('Within a few seconds')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.1' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'pay12345' } });
    await act(async () => fireEvent.click(screen.getByTestId('transfer-send')));
    await waitFor(() => expect(send.sendTransfer).toHaveBeenCalledWith({ toUid: 100002, coinId: 2, amount: '0.1', payPassword: 'pay12345' }));
  });

  it('hides the form again when the account name is edited', async () => {
    render(<TransferPage />);
    await findAndConfirm();
    fireEvent.change(screen.getByLabelText('Receiving account'), { target: { value: 'bo' } });
    expect(screen.queryByTestId('transfer-form')).toBeNull();
    expect(screen.queryByTestId('transfer-receiver')).toBeNull();
  });

  it('shows the not-available notice while Internal_transfer_status is off', () => {
    site.settings = { Internal_transfer_status: 0 } as SiteSettings;
    render(<TransferPage />);
    expect(screen.getByTestId('earn-closed').textContent).toBe('This service is not available at the moment');
    expect(screen.queryByLabelText('Receiving account')).toBeNull();
  });
});
