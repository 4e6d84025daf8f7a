import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../lib/site-settings.ts';
import { ok, siteSettings, stubApi, type ApiCall } from '../../../lib/testing/api-stub.ts';
import type { RechargeCoin } from '../api/recharge.ts';
import { RechargePage } from '../components/RechargePage.tsx';

const usdt: RechargeCoin = {
  id: 1,
  title: 'USDT',
  logo: '',
  networkList: [
    { id: 1, pay_type: 1, coin_net: 'TRC20', pay_img: '', address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', min: '10' },
    {
      id: 2,
      pay_type: 2,
      coin_net: 'ERC20',
      pay_img: '',
      address: '0x000000000000000000000000000000000000dEaD',
      min: '0',
    },
  ],
};

let calls: ApiCall[];

beforeEach(() => {
  site.settings = siteSettings();
  window.history.replaceState(null, '', '/recharge');
  calls = stubApi({
    '/Index/getRechargeCoinList': ok({ list: [usdt] }),
    '/index/getFriendList': ok({ list: [] }),
    '/User/recharge': ok({ id: 1 }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
});

const amount = () => screen.getByLabelText('Deposit amount') as HTMLInputElement;
const submit = (text: string) => {
  fireEvent.change(amount(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
};

describe('the deposit screen', () => {
  it('warns to send only that coin on that network, states the minimum, and links to the deposit records', async () => {
    render(<RechargePage />);
    expect((await screen.findByTestId('deposit-warning')).textContent).toBe(
      'Send only USDT on TRC20 to this address; other coins or networks are lost',
    );
    expect(screen.getByTestId('deposit-min').textContent).toBe('10 USDT');
    expect(screen.getByTestId('deposit-records').getAttribute('href')).toBe(
      '/trade-account?id=1&name=USDT&type=1&tab=recharge',
    );
    // A network without a minimum states none.
    fireEvent.click(screen.getByRole('tab', { name: 'ERC20' }));
    expect(screen.getByTestId('deposit-warning').textContent).toBe(
      'Send only USDT on ERC20 to this address; other coins or networks are lost',
    );
    expect(screen.queryByTestId('deposit-min')).toBeNull();
  });

  it('refuses an amount below the network minimum before sending', async () => {
    render(<RechargePage />);
    await screen.findByTestId('deposit-min');
    submit('9.99');
    // The minimum and its coin are one left-to-right run, so right-to-left text keeps "10 USDT" in order.
    expect((await screen.findByText('The minimum deposit via TRC20 is \u206610 USDT\u2069')).textContent).toBeTruthy();
    expect(calls.some((call) => call.path === '/User/recharge')).toBe(false);
  });

  describe('the amount as typed or pasted', () => {
    it.each([
      ['250.5', '250.5'],
      ['250,5', '250.5'],
      [' 250 .5 ', '250.5'],
      ['1.250,5', '1250.5'],
    ])('%j is kept as %s and accepted (then the proof is asked for)', async (typed, kept) => {
      render(<RechargePage />);
      await screen.findByTestId('deposit-min');
      submit(typed);
      expect(amount().value).toBe(kept);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please upload the payment proof'));
      expect(calls.some((call) => call.path === '/User/recharge')).toBe(false);
    });

    it('text that is not an amount is kept as typed, named, and not sent', async () => {
      render(<RechargePage />);
      await screen.findByTestId('deposit-min');
      submit('1,2,3');
      expect(amount().value).toBe('1,2,3');
      expect(screen.getByText('Enter digits with at most one decimal point, e.g. 1234.5')).toBeTruthy();
      expect(screen.queryByText('Please upload the payment proof')).toBeNull();
      expect(calls.some((call) => call.path === '/User/recharge')).toBe(false);
    });
  });
});
