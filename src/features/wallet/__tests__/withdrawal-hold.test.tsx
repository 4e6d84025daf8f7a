import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../lib/site-settings.ts';
import type { AllowlistAnswer } from '../../../lib/withdraw-guard.ts';
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

const guard = (overrides: Partial<AllowlistAnswer> = {}): AllowlistAnswer => ({
  on: 0,
  off_at: null,
  off_left_seconds: 0,
  hold_hours: 24,
  hold: null,
  list: [
    {
      type: 1,
      id: 7,
      title: 'USDT',
      network: 'TRC20',
      destination: info.address_list[0]!.address,
      listed: 0,
      usable_from: null,
      usable_left_seconds: 0,
    },
  ],
  ...overrides,
});

let calls: ApiCall[];
const serve = (allowlist: (n: number) => AllowlistAnswer) => {
  calls = stubApi({
    '/Index/getCanWithdrawCoin': ok({ list: [{ id: 1, title: 'USDT', logo: '' }] }),
    '/User/getUserCoinBalance': ok(info),
    '/User/getUserBankList': ok([]),
    '/Security/getAllowlist': (n: number) => ok(allowlist(n)),
    '/User/withdraw': ok({ id: 1 }),
  });
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
  site.settings = siteSettings();
  window.history.replaceState(null, '', '/withdrawal');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  site.settings = null;
});

// These fake timers also advance with the real clock (shouldAdvanceTime), which the screen's first loads
// need; on a busy machine a countdown has once read a second stale. Retried until its clock is fully
// injected.
describe('the withdrawal screen under a security hold', { retry: 2 }, () => {
  it('shows the hold with its time left before anything is typed, with every field disabled, and opens when it ends', async () => {
    serve((n) => guard(n === 1 ? { hold: { reason: 'login_password_changed', left_seconds: 5 } } : {}));
    render(<WithdrawalPage />);
    const notice = await screen.findByTestId('security-hold');
    expect(notice.textContent).toContain('Your login password was changed.');
    expect(screen.getByTestId('security-hold-left').textContent).toBe('0:00:05');
    // Disabled through the fieldset around the form's fields.
    expect(screen.getByLabelText('Withdrawal amount').matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Withdraw' }).matches(':disabled')).toBe(true);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('security-hold-left').textContent).toBe('0:00:03');
    act(() => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(screen.queryByTestId('security-hold')).toBeNull(), { timeout: 5000 });
    expect(screen.getByLabelText('Withdrawal amount').matches(':disabled')).toBe(false);
    expect(calls.filter((call) => call.path === '/Security/getAllowlist')).toHaveLength(2);
  });

  it('marks an address the allow-list refuses, counts down one not usable yet, and sends neither', async () => {
    serve(() => guard({ on: 1 }));
    const first = render(<WithdrawalPage />);
    expect((await screen.findByTestId('withdraw-allowlist-mark')).textContent).toContain(
      'Not on your withdrawal allow-list',
    );
    fireEvent.change(screen.getByLabelText('Withdrawal amount'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'trade123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not on your withdrawal allow-list: withdrawals to it are refused',
    );
    first.unmount();

    const listed = guard({ on: 1 }).list.map((e) => ({
      ...e,
      listed: 1 as const,
      usable_from: 1,
      usable_left_seconds: 61,
    }));
    serve(() => guard({ on: 1, list: listed }));
    render(<WithdrawalPage />);
    const mark = await screen.findByTestId('withdraw-allowlist-mark');
    expect(mark.textContent).toContain('On the list, usable in 0:01:01');
    act(() => vi.advanceTimersByTime(1000));
    expect(mark.textContent).toContain('0:01:00');
    expect(calls.some((call) => call.path === '/User/withdraw')).toBe(false);
  });
});
