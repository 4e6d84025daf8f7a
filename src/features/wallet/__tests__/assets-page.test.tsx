import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DaySummary } from '../../../../common/protocol.ts';
import { site } from '../../../lib/site-settings.ts';
import type { BalanceList } from '../api/get-balance-list.ts';
import { AssetsPage } from '../components/AssetsPage.tsx';
import { walletStore } from '../stores/wallet-store.ts';
import { ok, siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';

const engine = vi.hoisted(() => ({ engineStream: vi.fn() }));
vi.mock('../../../lib/engine-client.ts', () => engine);

let btc: Subject<DaySummary>;

const balances: BalanceList = {
  all_price: '7300.00000000',
  coinList: [
    {
      type: 1,
      name: 'Option account',
      totalAvailableAsset: '7200.00000000',
      balanceInfo: [
        {
          coinId: 1,
          coinName: 'USDT',
          logo: '',
          balance: '100.00000000',
          dbalance: '0.00000000',
          all_zhprice: '100.00000000',
          price: '1',
        },
        {
          coinId: 2,
          coinName: 'BTC',
          logo: '',
          balance: '0.10000000',
          dbalance: '0.02000000',
          all_zhprice: '7200.00000000',
          price: '60000',
        },
      ],
    },
    {
      type: 2,
      name: 'Funds account',
      totalAvailableAsset: '0.00000000',
      balanceInfo: [
        {
          coinId: 2,
          coinName: 'BTC',
          logo: '',
          balance: '0.00000000',
          dbalance: '0.00000000',
          all_zhprice: '0.00000000',
          price: '',
        },
      ],
    },
  ],
};

beforeEach(() => {
  btc = new Subject();
  engine.engineStream.mockReset();
  engine.engineStream.mockImplementation(() => btc);
  site.settings = siteSettings();
  walletStore.hideAmounts = false;
  stubApi({ '/User/getUserBalanceList': ok(balances) });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  site.settings = null;
});

const total = () => screen.getByTestId('assets-total').textContent;

describe('the assets screen', () => {
  it("shows the total and each account, then an account's coins with available, frozen and value", async () => {
    render(<AssetsPage />);
    await waitFor(() => expect(total()).toBe('7300.00USD'));
    const overview = screen.getByTestId('account-overview');
    expect(
      within(overview)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Option account7300.00USD', 'Funds account0.00USD']);
    fireEvent.click(screen.getByRole('tab', { name: 'Option' }));
    const row = within(screen.getByTestId('coins-1')).getByTestId('coin-BTC');
    expect(within(row).getByTestId('coin-available').textContent).toBe('0.10000000');
    expect(within(row).getByTestId('coin-frozen').textContent).toBe('0.02000000');
    expect(within(row).getByTestId('usd-value').textContent).toBe('7200.00USD');
  });

  it("moves the dollar values with the live price of the worker's ticker", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<AssetsPage />);
    await waitFor(() => expect(total()).toBe('7300.00USD'));
    expect(engine.engineStream).toHaveBeenCalledWith({ kind: 'ticker', symbol: 'btcusdt' });
    // The screen listens to the ticker once its effects have run.
    await waitFor(() => expect(btc.observed).toBe(true));
    act(() => {
      btc.next({
        symbol: 'btcusdt',
        ts: 0,
        open: '1',
        high: '1',
        low: '1',
        close: '65000.5',
        amount: '0',
        vol: '0',
        count: 0,
      });
      vi.advanceTimersByTime(1000);
    });
    // 100 USDT + 0.12 BTC × 65000.5
    await waitFor(() => expect(total()).toBe('7900.06USD'));
  });

  it('the eye hides every amount as **** and is remembered', async () => {
    const view = render(<AssetsPage />);
    await waitFor(() => expect(total()).toBe('7300.00USD'));
    fireEvent.click(screen.getByTestId('hide-amounts'));
    await waitFor(() => expect(total()).toBe('****USD'));
    fireEvent.click(screen.getByRole('tab', { name: 'Option' }));
    const texts = screen.getAllByTestId(/coin-available|coin-frozen|usd-value/).map((node) => node.textContent);
    expect(texts.length).toBeGreaterThan(4);
    expect(texts.every((text) => text?.startsWith('****'))).toBe(true);
    expect(window.localStorage.getItem('hide_amounts')).toBe('1');
    view.unmount();
    render(<AssetsPage />);
    await waitFor(() => expect(total()).toBe('****USD'));
    fireEvent.click(screen.getByTestId('hide-amounts'));
    await waitFor(() => expect(total()).toBe('7300.00USD'));
    expect(window.localStorage.getItem('hide_amounts')).toBeNull();
  });

  it('starts with the eye as it was left (stored between visits)', async () => {
    window.localStorage.setItem('hide_amounts', '1');
    vi.resetModules();
    const fresh = await import('../stores/wallet-store.ts');
    expect(fresh.walletStore.hideAmounts).toBe(true);
  });

  it('offers a retry when the balances cannot be loaded', async () => {
    stubApi({ '/User/getUserBalanceList': { code: 0, msg: 'busy', data: null } });
    render(<AssetsPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load');
    stubApi({ '/User/getUserBalanceList': ok(balances) });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(total()).toBe('7300.00USD'));
  });
});
