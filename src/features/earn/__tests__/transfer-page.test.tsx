import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site, type SiteSettings } from '../../../lib/site-settings.ts';
import { ok, stubApi } from '../../../lib/testing/api-stub.ts';
import { toasts } from '../../../lib/toast.ts';
import { TransferPage } from '../components/TransferPage.tsx';
import type * as WithdrawGuard from '../../../lib/withdraw-guard.ts';

const search = vi.hoisted(() => ({ searchUser: vi.fn() }));
const coins = vi.hoisted(() => ({ getTransferCoins: vi.fn() }));
const send = vi.hoisted(() => ({ sendTransfer: vi.fn() }));
vi.mock('../api/search-user.ts', () => search);
vi.mock('../api/get-transfer-coins.ts', () => coins);
vi.mock('../api/send-transfer.ts', async (actual) => ({ ...(await actual<object>()), ...send }));
vi.mock('wouter/use-browser-location', () => ({ navigate: vi.fn() }));
const guard = vi.hoisted(() => ({ getSecurityHold: vi.fn() }));
vi.mock('../../../lib/withdraw-guard.ts', async (original) => ({
  ...(await original<typeof WithdrawGuard>()),
  ...guard,
}));

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
        {
          id: 1,
          title: 'USDT',
          balance: '500',
          internal_transfer_sxf: '0.001',
          internal_transfer_days: 1,
          decimals: 8,
        },
        { id: 2, title: 'BTC', balance: '0.5', internal_transfer_sxf: '0', internal_transfer_days: 0, decimals: 8 },
      ],
    },
  });
  send.sendTransfer.mockReset();
  send.sendTransfer.mockResolvedValue({ ok: true, data: {}, msg: 'Transfer submitted' });
  // The account's second factors: none, so the transfer goes as it always did.
  stubApi({ '/User/getUserInfo': ok({ factors: { totp: 0, passkeys: 0 } }) });
  toasts.items = [];
  guard.getSecurityHold.mockReset();
  guard.getSecurityHold.mockResolvedValue({ ok: true, msg: '', data: { hold: null } });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const amount = () => screen.getByLabelText('Amount') as HTMLInputElement;
const lastToast = () => toasts.items.at(-1)?.message;

async function findAndConfirm() {
  fireEvent.change(screen.getByLabelText('Receiving account'), { target: { value: 'bob@example.com' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
  expect(screen.queryByTestId('transfer-form')).toBeNull();
  await act(async () => fireEvent.click(screen.getByTestId('transfer-receiver')));
  await screen.findByTestId('transfer-form');
}

describe('the internal transfer screen (docs/product-rules.md#internal-transfers)', () => {
  it('during a security hold shows why and the time left first, with the search disabled', async () => {
    guard.getSecurityHold.mockResolvedValue({
      ok: true,
      msg: '',
      data: { hold: { reason: 'factor_removed', left_seconds: 7200, endsAt: Date.now() + 7_200_000 } },
    });
    render(<TransferPage />);
    const notice = await screen.findByTestId('security-hold');
    expect(notice.textContent).toContain('A sign-in method was removed.');
    expect(screen.getByTestId('security-hold-left').textContent).toMatch(/^(2:00:00|1:59:59)$/);
    expect(screen.getByLabelText('Receiving account').matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Search' }).matches(':disabled')).toBe(true);
  });

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
    fireEvent.click(screen.getByTestId('transfer-send'));
    // The confirm step states it all again; only its confirm sends.
    const sheet = screen.getByTestId('transfer-confirm');
    expect(send.sendTransfer).not.toHaveBeenCalled();
    expect(within(sheet).getByTestId('transfer-confirm-receiver').textContent).toBe('bob@example.com · UID 100002');
    expect(within(sheet).getByTestId('transfer-confirm-amount').textContent).toBe('0.1 BTC');
    expect(within(sheet).getByTestId('transfer-confirm-fee').textContent).toBe('No fee');
    expect(within(sheet).getByTestId('transfer-confirm-actual').textContent).toBe('0.10000000 BTC');
    expect(within(sheet).getByText('Within a few seconds')).toBeTruthy();
    await act(async () => fireEvent.click(within(sheet).getByTestId('transfer-confirm-confirm')));
    await waitFor(() =>
      // No second factor: no second step is sent.
      expect(send.sendTransfer).toHaveBeenCalledWith(
        { toUid: 100002, coinId: 2, amount: '0.1', payPassword: 'pay12345' },
        {},
      ),
    );
  });

  it('with authenticator codes on, the sheet asks for the code and sends the transfer it shows with its approval', async () => {
    const calls = stubApi({
      '/User/getUserInfo': ok({ factors: { totp: 1, passkeys: 0 } }),
      '/Security/approvalStart': ok({ approval_id: 41, challenge: 'abc', expires_at: 1, methods: ['totp'] }),
    });
    render(<TransferPage />);
    await findAndConfirm();
    fireEvent.change(amount(), { target: { value: '3.50' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'pay12345' } });
    fireEvent.click(screen.getByTestId('transfer-send'));
    const sheet = screen.getByTestId('transfer-confirm');
    const code = await within(sheet).findByLabelText('Authenticator code');
    const started = calls.find((call) => call.path === '/Security/approvalStart')!;
    expect(Object.fromEntries(started.fields)).toEqual({
      operation: 'internal_transfer',
      to_uid: '100002',
      c_id: '1',
      amount: '3.50',
    });
    await waitFor(() =>
      expect((within(sheet).getByTestId('transfer-confirm-confirm') as HTMLButtonElement).disabled).toBe(false),
    );
    await act(async () => fireEvent.click(within(sheet).getByTestId('transfer-confirm-confirm')));
    expect(within(sheet).getByText('Enter the 6 digits your authenticator app shows')).toBeTruthy();
    expect(send.sendTransfer).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: '123 456' } });
    await act(async () => fireEvent.click(within(sheet).getByTestId('transfer-confirm-confirm')));
    expect(send.sendTransfer).toHaveBeenCalledWith(
      { toUid: 100002, coinId: 1, amount: '3.50', payPassword: 'pay12345' },
      { approval_id: 41, otp_code: '123456' },
    );
  });

  it('shows the fee and what arrives in the confirm step, and a refused send closes it back to the form', async () => {
    send.sendTransfer.mockResolvedValue({ ok: false, msg: 'The transaction password is wrong (4 attempts left)' });
    render(<TransferPage />);
    await findAndConfirm();
    fireEvent.change(amount(), { target: { value: '200.5' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'wrong000' } });
    fireEvent.click(screen.getByTestId('transfer-send'));
    const sheet = screen.getByTestId('transfer-confirm');
    expect(within(sheet).getByTestId('transfer-confirm-fee').textContent).toBe('0.1% · 0.20050000 USDT');
    expect(within(sheet).getByTestId('transfer-confirm-actual').textContent).toBe('200.29950000 USDT');
    expect(within(sheet).getByText('In 1 day')).toBeTruthy();
    await act(async () => fireEvent.click(within(sheet).getByTestId('transfer-confirm-confirm')));
    expect(send.sendTransfer).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('transfer-confirm')).toBeNull());
    expect(screen.getByLabelText('Transaction password')).toBeTruthy();
  });

  it('keeps a comma as the decimal point, reads pasted spaces and separators, flags more than the balance and refuses text it cannot read', async () => {
    render(<TransferPage />);
    await findAndConfirm();
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'pay12345' } });
    fireEvent.change(amount(), { target: { value: '200,5' } });
    expect(amount().value).toBe('200.5');
    fireEvent.change(amount(), { target: { value: ' 1\u202f234.5 ' } });
    expect(amount().value).toBe('1234.5');
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (500 USDT)');
    fireEvent.click(screen.getByTestId('transfer-send'));
    expect(lastToast()).toBe('Insufficient available balance');
    fireEvent.change(amount(), { target: { value: '1,234.5' } });
    expect(amount().value).toBe('1234.5');
    fireEvent.change(amount(), { target: { value: '1.2.3' } });
    expect(amount().value).toBe('1.2.3');
    expect(screen.getByRole('alert').textContent).toBe('Enter digits with at most one decimal point, e.g. 1234.5');
    fireEvent.click(screen.getByTestId('transfer-send'));
    expect(lastToast()).toBe('Enter digits with at most one decimal point, e.g. 1234.5');
    expect(screen.queryByTestId('transfer-confirm')).toBeNull();
    expect(send.sendTransfer).not.toHaveBeenCalled();
  });

  it('keeps Transfer off while offline and says why', async () => {
    render(<TransferPage />);
    await findAndConfirm();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    // The screen hears the event once its subscription is in place: wait for the state it shows.
    await waitFor(() => expect((screen.getByTestId('transfer-send') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('send-offline')).toBeTruthy();
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
    expect(screen.getByTestId('closed-notice').querySelector('p')!.textContent).toBe(
      'This service is not available at the moment',
    );
    expect(screen.queryByLabelText('Receiving account')).toBeNull();
  });
});
