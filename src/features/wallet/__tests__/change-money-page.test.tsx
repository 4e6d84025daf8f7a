import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../lib/site-settings.ts';
import { ok, siteSettings, stubApi, type ApiCall } from '../../../lib/testing/api-stub.ts';
import { ChangeMoneyPage } from '../components/ChangeMoneyPage.tsx';

let calls: ApiCall[];

beforeEach(() => {
  site.settings = siteSettings();
  window.history.replaceState(null, '', '/changemoney?id=1&type=1');
  calls = stubApi({
    '/User/getUserBalanceList': ok({
      all_price: '0',
      coinList: [
        {
          type: 1,
          name: 'Option',
          totalAvailableAsset: '0',
          balanceInfo: [
            { coinId: 1, coinName: 'USDT', logo: '', balance: '1500', dbalance: '0', all_zhprice: '0', price: '1' },
          ],
        },
      ],
    }),
    '/User/getCoinBalance': ok({
      coin: 'USDT',
      decimals: 8,
      balance_list: [
        { type: 1, name: 'Option', balance: '1500.00000000', dbalance: '0' },
        { type: 2, name: 'Funds', balance: '0', dbalance: '0' },
      ],
    }),
    '/User/transfer': ok(null, 'Transfer completed'),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
});

const amount = () => screen.getByLabelText('Amount') as HTMLInputElement;
const ready = () =>
  waitFor(() => expect(screen.getByTestId('transfer-available').textContent).toBe('1500.00000000 USDT'));
const transfers = () => calls.filter((call) => call.path === '/User/transfer');

describe('the transfer between own accounts', () => {
  it.each([
    ['25.5', '25.5'],
    ['25,5', '25.5'],
    [' 25 .5 ', '25.5'],
    ['1,250.5', '1250.5'],
  ])('%j is kept as %s and sent', async (typed, kept) => {
    render(<ChangeMoneyPage />);
    await ready();
    fireEvent.change(amount(), { target: { value: typed } });
    expect(amount().value).toBe(kept);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' })));
    expect(transfers()[0]!.fields.get('num')).toBe(kept);
  });

  it.each([
    ['1,500.5', '1500.5', 'More than you have available (1500.00000000 USDT)'],
    ['1,2,3', '1,2,3', 'Enter digits with at most one decimal point, e.g. 1234.5'],
  ])('%j is kept as %s, named as typed, and not sent', async (typed, kept, message) => {
    render(<ChangeMoneyPage />);
    await ready();
    fireEvent.change(amount(), { target: { value: typed } });
    expect(amount().value).toBe(kept);
    expect(screen.getByText(message)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' })));
    expect(transfers()).toHaveLength(0);
  });
});
