import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../lib/site-settings.ts';
import { ok, siteSettings, stubApi, type ApiCall } from '../../../lib/testing/api-stub.ts';
import { toasts } from '../../../lib/toast.ts';
import type { MiningProduct } from '../api/get-mining-products.ts';
import { MiningApplicationPage } from '../components/MiningApplicationPage.tsx';

const location = vi.hoisted(() => ({ navigate: vi.fn() }));
vi.mock('wouter/use-browser-location', () => location);

const product: MiningProduct = {
  id: 3,
  title: 'USDT stable miner',
  img: '',
  coin_title: 'USDT',
  c_id: 1,
  min_price: '100',
  max_price: '3000',
  interest_rate: '0.1,0.3333',
  cycle: '3,7',
  type: 1,
  redeem_fee_rate: '2.5',
  balance: '2500.00000000',
};

let calls: ApiCall[];

async function open(offered: MiningProduct = product) {
  calls = stubApi({
    '/Machine/getMiningMachineList': ok({ list: [offered] }),
    '/Machine/buyMiningMachine': ok({}, 'Locked successfully'),
  });
  window.history.replaceState(null, '', `/lockming-application?id=${offered.id}`);
  render(<MiningApplicationPage />);
  await screen.findByTestId('mining-amount');
}

const amount = () => screen.getByTestId('mining-amount') as HTMLInputElement;
const lastToast = () => toasts.items.at(-1)?.message;
const bought = () => calls.filter((call) => call.path === '/Machine/buyMiningMachine');

beforeEach(() => {
  site.settings = siteSettings();
  toasts.items = [];
  location.navigate.mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  site.settings = null;
  window.history.replaceState(null, '', '/');
});

describe('the lock mining application', () => {
  it("keeps 150.5 and 150,5 as typed and refuses them with the stepper's message, locking nothing", async () => {
    await open();
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'pay12345' } });
    for (const typed of ['150.5', '150,5']) {
      fireEvent.change(amount(), { target: { value: typed } });
      expect(amount().value).toBe('150.5');
      expect(screen.getByRole('alert').textContent).toBe('Whole numbers only: remove the decimal part');
      fireEvent.click(screen.getByTestId('mining-lock'));
      expect(lastToast()).toBe('Whole numbers only: remove the decimal part');
    }
    expect(screen.queryByTestId('mining-confirm')).toBeNull();
    expect(bought()).toEqual([]);
  });

  it('reads pasted spaces and separators, flags more than the balance as it is typed, and asks for the password', async () => {
    await open();
    fireEvent.change(amount(), { target: { value: ' 1\u00a0000 ' } });
    expect(amount().value).toBe('1000');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByTestId('mining-lock'));
    // The missing password is named beneath its field, as on every screen that asks for it.
    expect(screen.getByRole('alert').textContent).toBe('Please enter your transaction password');
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'pay12345' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(amount(), { target: { value: '2 600' } });
    expect(amount().value).toBe('2600');
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (2500 USDT)');
    fireEvent.click(screen.getByTestId('mining-lock'));
    expect(lastToast()).toBe('Insufficient available balance');
    expect(screen.queryByTestId('mining-confirm')).toBeNull();
    expect(bought()).toEqual([]);
  });

  it('states what is locked, what it earns until when, and the early-redemption fee before locking; its confirm buys with the password', async () => {
    await open();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 1, 12, 0, 0));
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    fireEvent.change(amount(), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: 'pay12345' } });
    fireEvent.click(screen.getByTestId('mining-lock'));
    expect(bought()).toEqual([]);
    const sheet = screen.getByTestId('mining-confirm');
    expect(within(sheet).getByTestId('mining-confirm-amount').textContent).toBe('1000 USDT');
    expect(within(sheet).getByText('0.3333%')).toBeTruthy();
    // 1000 × 0.3333 % × 7 = 23.331; 2.5 % of 1000 is kept by an early redemption.
    expect(within(sheet).getByTestId('mining-confirm-estimate').textContent).toBe('23.331 USDT');
    expect(within(sheet).getByTestId('mining-confirm-redeem-fee').textContent).toBe('2.5%');
    expect(within(sheet).getByTestId('mining-confirm-redeem-back').textContent).toBe('975 USDT');
    expect(within(sheet).getByTestId('mining-confirm-ends').textContent).toContain('2026');
    await act(async () => fireEvent.click(within(sheet).getByTestId('mining-confirm-confirm')));
    expect(bought().map((call) => Object.fromEntries(call.fields))).toEqual([
      { id: '3', amount: '1000', day: '7', interest_rate: '0.3333', paypassword: 'pay12345' },
    ]);
    expect(location.navigate).toHaveBeenCalledWith('/lockming?tab=orders');
  });

  it('asks no password while the switch is off, and says a product of type 0 cannot be redeemed early', async () => {
    site.settings = siteSettings({ traders_password_switch: 0 });
    await open({ ...product, type: 0 });
    expect(screen.queryByLabelText('Transaction password')).toBeNull();
    fireEvent.click(screen.getByTestId('mining-lock'));
    const sheet = screen.getByTestId('mining-confirm');
    expect(within(sheet).getByTestId('mining-confirm-redeem-fee').textContent).toBe('Locked until the end');
    await act(async () => fireEvent.click(within(sheet).getByTestId('mining-confirm-confirm')));
    expect(bought().map((call) => call.fields.has('paypassword'))).toEqual([false]);
  });

  it('keeps Lock off while offline and says why', async () => {
    await open();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    // The screen hears the event once its subscription is in place: wait for the state it shows.
    await waitFor(() => expect((screen.getByTestId('mining-lock') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('send-offline').textContent).toBe(
      'You are offline. Nothing is sent until the connection is back.',
    );
  });
});
