import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../lib/site-settings.ts';
import type { WithdrawInfo } from '../api/withdraw.ts';
import { WithdrawalPage } from '../components/WithdrawalPage.tsx';
import { ok, refused, siteSettings, stubApi, type ApiCall } from '../../../lib/testing/api-stub.ts';

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
    '/Security/getAllowlist': ok({ on: 0, off_at: null, off_left_seconds: 0, hold_hours: 24, hold: null, list: [] }),
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

  it('names the network of the chosen address', async () => {
    render(<WithdrawalPage />);
    expect((await screen.findByTestId('withdraw-network')).textContent).toBe('TRC20');
  });

  it('confirms first, showing the whole address and every figure with its unit; nothing is sent until confirmed', async () => {
    render(<WithdrawalPage />);
    await waitFor(() => expect(fee()).toBe('1% of the amount'));
    fireEvent.change(amount(), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'trade123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const sheet = await screen.findByRole('dialog', { name: 'Confirm the withdrawal' });
    const row = (id: string) => within(sheet).getByTestId(id).textContent;
    expect([
      row('confirm-coin'),
      row('confirm-network'),
      row('confirm-address'),
      row('confirm-amount'),
      row('confirm-fee'),
      row('confirm-received'),
    ]).toEqual([
      'USDT',
      'TRC20',
      'TQrY8tryqsYVCYS3MFbtffiPp2ccyn4STm',
      '50.00000000 USDT',
      '0.50000000 USDT',
      '49.50000000 USDT',
    ]);
    expect(calls.some((call) => call.path === '/User/withdraw')).toBe(false);
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm withdrawal' }));
    });
    const sent = calls.find((call) => call.path === '/User/withdraw')!;
    expect(Object.fromEntries(sent.fields)).toEqual({
      c_id: '1',
      num: '50',
      type: '1',
      withdraw_type: '1',
      address_id: '7',
      paypwd: 'trade123',
    });
  });

  it.each([0, 1, 2])(
    'lands on the withdrawal records of the coin after a withdrawal (withdrawal_subover_refre %i)',
    async (setting) => {
      site.settings = siteSettings({ withdrawal_subover_refre: setting, traders_password_switch: 0 });
      render(<WithdrawalPage />);
      await waitFor(() => expect(fee()).toBe('1% of the amount'));
      expect(screen.queryByLabelText('Transaction password')).toBeNull();
      fireEvent.change(amount(), { target: { value: '50' } });
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
      await act(async () => {
        fireEvent.click(await screen.findByTestId('withdraw-confirm-confirm'));
      });
      await waitFor(() => expect(window.location.pathname).toBe('/trade-account'));
      expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
        id: '1',
        name: 'USDT',
        type: '1',
        tab: 'withdraw',
      });
      expect(calls.find((call) => call.path === '/User/withdraw')!.fields.has('paypwd')).toBe(false);
    },
  );

  it('goes back to the form when the server refuses, where what was refused can be mended', async () => {
    serve(refused('Insufficient available balance'));
    render(<WithdrawalPage />);
    await waitFor(() => expect(fee()).toBe('1% of the amount'));
    fireEvent.change(amount(), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'trade123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('withdraw-confirm-confirm'));
    });
    expect(window.location.pathname).toBe('/withdrawal');
    expect(screen.queryByRole('dialog', { name: 'Confirm the withdrawal' })).toBeNull();
    expect((amount() as HTMLInputElement).value).toBe('50');
  });

  it('sends a card to the bank tab, shown whole in the sheet, and offers the tabs the switches open', async () => {
    render(<WithdrawalPage />);
    await waitFor(() => expect(fee()).toBe('1% of the amount'));
    fireEvent.click(screen.getByRole('tab', { name: 'Bank card' }));
    fireEvent.change(amount(), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'trade123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const sheet = await screen.findByRole('dialog', { name: 'Confirm the withdrawal' });
    expect(within(sheet).getByTestId('confirm-card').textContent).toBe('Demo Bank **** 7890');
    expect(within(sheet).getByTestId('confirm-received').textContent).toBe('19.80000000 USDT');
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm withdrawal' }));
    });
    const sent = calls.find((call) => call.path === '/User/withdraw')!;
    expect([sent.fields.get('withdraw_type'), sent.fields.get('bank_id'), sent.fields.has('address_id')]).toEqual([
      '2',
      '3',
      false,
    ]);
  });

  describe('the amount as typed or pasted', () => {
    const typeAndSubmit = async (text: string) => {
      render(<WithdrawalPage />);
      await waitFor(() => expect(fee()).toBe('1% of the amount'));
      fireEvent.change(amount(), { target: { value: text } });
      fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'trade123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    };

    it.each([
      ['55.5', '55.5', '54.94500000 USDT'],
      ['55,5', '55.5', '54.94500000 USDT'],
      [' 55 . 5 ', '55.5', '54.94500000 USDT'],
      ['\u00a01,000.5', '1000.5', null],
    ])('%j is kept as %s', async (typed, kept, arrives) => {
      await typeAndSubmit(typed);
      expect((amount() as HTMLInputElement).value).toBe(kept);
      if (arrives)
        expect(within(await screen.findByRole('dialog')).getByTestId('confirm-received').textContent).toBe(arrives);
      // 1000.5 is above the balance of 500: said as it is typed, and not sent.
      else expect(screen.getByText('More than you have available (500.00000000 USDT)')).toBeTruthy();
    });

    it('text that is not an amount is kept as typed, named, and never reaches the sheet', async () => {
      await typeAndSubmit('1,2,3');
      expect((amount() as HTMLInputElement).value).toBe('1,2,3');
      expect(screen.getByText('Enter digits with at most one decimal point, e.g. 1234.5')).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('an amount above the balance is flagged as typed and never reaches the sheet', async () => {
      site.settings = siteSettings();
      await typeAndSubmit('500.00000001');
      expect(screen.getByText('More than you have available (500.00000000 USDT)')).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
    });
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
