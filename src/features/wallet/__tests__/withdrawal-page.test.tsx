import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../lib/site-settings.ts';
import type { WithdrawInfo } from '../api/withdraw.ts';
import { WithdrawalPage } from '../components/WithdrawalPage.tsx';
import { ok, siteSettings, stubApi, type ApiCall } from '../../../lib/testing/api-stub.ts';

const info: WithdrawInfo = {
  coin: 'USDT',
  decimals: 8,
  balance: '500.00000000',
  txminnum: '10',
  txmaxnum: '100',
  sxftype: 1,
  txsxf: '1',
  txsxf_n: '0',
  address_list: [{ id: 7, address: 'TQrY8tryqsYVCYS3MFbtffiPp2ccyn4STm', coin_net: 'TRC20' }],
};

let calls: ApiCall[];
const serve = (withdraw: unknown = ok({ id: 1 }, 'Withdrawal submitted, waiting for review')) => {
  calls = stubApi({
    '/Index/getCanWithdrawCoin': ok({ list: [{ id: 1, title: 'USDT', logo: '' }] }),
    '/User/getUserCoinBalance': ok(info),
    '/User/getUserBankList': ok([{ id: 3, bank_name: 'Demo Bank', card_number: '**** 7890', card_name: 'Demo' }]),
    '/User/withdraw': withdraw,
  });
};

beforeEach(() => {
  site.settings = siteSettings();
  window.history.replaceState(null, '', '/withdrawal');
  serve();
});

afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
});

const amount = () => screen.getByLabelText('Withdrawal amount');
const received = () => screen.getByTestId('withdraw-received').textContent;
const fee = () => screen.getByTestId('withdraw-fee').textContent;

describe('the withdrawal screen', () => {
  it('shows what arrives and the fee as the user types, at the edges', async () => {
    render(<WithdrawalPage />);
    await waitFor(() => expect(fee()).toBe('1% of the amount'));
    expect(received()).toBe('--');
    fireEvent.change(amount(), { target: { value: '55.55555555' } });
    expect(received()).toBe('54.99999999');
    expect(fee()).toBe('1% of the amount · 0.55555556 USDT');
    fireEvent.change(amount(), { target: { value: '100' } });
    expect(received()).toBe('99.00000000');
    fireEvent.change(amount(), { target: { value: 'abc' } });
    expect(received()).toBe('--');
  });

  it('All fills the balance up to the maximum, and the range is checked before sending', async () => {
    render(<WithdrawalPage />);
    await waitFor(() => expect(fee()).toBe('1% of the amount'));
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((amount() as HTMLInputElement).value).toBe('100');
    fireEvent.change(amount(), { target: { value: '9.99' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'trade123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The amount must be between 10 and 100');
    expect(calls.some((call) => call.path === '/User/withdraw')).toBe(false);
  });

  it('sends the bound address, the amount and the password; then stays with a fresh form (withdrawal_subover_refre 0)', async () => {
    render(<WithdrawalPage />);
    await waitFor(() => expect(fee()).toBe('1% of the amount'));
    fireEvent.change(amount(), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'trade123' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    });
    const sent = calls.find((call) => call.path === '/User/withdraw')!;
    expect(Object.fromEntries(sent.fields)).toEqual({ c_id: '1', num: '50', type: '1', withdraw_type: '1', address_id: '7', paypwd: 'trade123' });
    await waitFor(() => expect((amount() as HTMLInputElement).value).toBe(''));
    expect(window.location.pathname).toBe('/withdrawal');
  });

  it('goes home after a withdrawal when withdrawal_subover_refre is 1', async () => {
    site.settings = siteSettings({ withdrawal_subover_refre: 1, traders_password_switch: 0 });
    render(<WithdrawalPage />);
    await waitFor(() => expect(fee()).toBe('1% of the amount'));
    expect(screen.queryByLabelText('Transaction password')).toBeNull();
    fireEvent.change(amount(), { target: { value: '50' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(calls.find((call) => call.path === '/User/withdraw')!.fields.has('paypwd')).toBe(false);
  });

  it('sends a card to the bank tab, and offers the tabs the switches open', async () => {
    render(<WithdrawalPage />);
    await waitFor(() => expect(fee()).toBe('1% of the amount'));
    fireEvent.click(screen.getByRole('tab', { name: 'Bank card' }));
    fireEvent.change(amount(), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'trade123' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    });
    const sent = calls.find((call) => call.path === '/User/withdraw')!;
    expect([sent.fields.get('withdraw_type'), sent.fields.get('bank_id'), sent.fields.has('address_id')]).toEqual(['2', '3', false]);
  });

  it('shows no tabs but the open one, and no submit while withdrawal_status is 0', async () => {
    site.settings = siteSettings({ bank_switch: 0, withdrawal_status: 0 });
    render(<WithdrawalPage />);
    await waitFor(() => expect(fee()).toBe('1% of the amount'));
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.getByTestId('closed-notice').textContent).toContain('Withdrawals are closed for now.');
  });
});
