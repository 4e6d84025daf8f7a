import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { site } from '../../../lib/site-settings.ts';
import { toasts } from '../../../lib/toast.ts';
import { validateAddress } from '../api/withdraw-addresses.ts';
import { AddressPage } from '../components/AddressPage.tsx';
import { ok, siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const coins = [
  { id: 1, title: 'USDT', network: 'TRC20' },
  { id: 3, title: 'ETH', network: 'ERC20' },
];
const bound = { id: 7, c_id: 1, coin: 'USDT', network: 'TRC20', address: TRON };

beforeEach(() => window.history.replaceState(null, '', '/bindMentionAddress'));
afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
  toasts.items = [];
  window.history.replaceState(null, '', '/');
});

describe("address rules (docs/product-rules.md#withdrawal-addresses): currency, then address, then the network's shape and checksum", () => {
  it.each([
    [{ coinId: null, address: '' }, 'TRC20', { field: 'coin', key: 'profile.address.coinRequired' }],
    [{ coinId: null, address: TRON }, 'TRC20', { field: 'coin', key: 'profile.address.coinRequired' }],
    [{ coinId: 1, address: '  ' }, 'TRC20', { field: 'address', key: 'profile.address.required' }],
    [
      { coinId: 1, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      'TRC20',
      { field: 'address', key: 'profile.address.shapeTrc20' },
    ],
    [
      { coinId: 1, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' },
      'TRC20',
      { field: 'address', key: 'profile.address.checksum' },
    ],
    [{ coinId: 3, address: TRON }, 'ERC20', { field: 'address', key: 'profile.address.shapeErc20' }],
    [
      { coinId: 3, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      'ERC20',
      { field: 'address', key: 'profile.address.checksum' },
    ],
    [{ coinId: 2, address: TRON }, 'BTC', { field: 'address', key: 'profile.address.shapeBtc' }],
  ])('%j on %s → %j', (input, network, problem) => {
    expect(validateAddress(input, network)).toEqual(problem);
  });

  it('passes a good address, and leaves a network it does not know to the server', () => {
    expect(validateAddress({ coinId: 1, address: ` ${TRON} ` }, 'TRC20')).toBeNull();
    expect(validateAddress({ coinId: 9, address: 'anything' }, 'SOL')).toBeNull();
  });
});

describe('address screen', () => {
  it('binds a first address: the coin chosen, checked, sent; the bound list shows it', async () => {
    site.settings = siteSettings({ can_edit_address: 0 });
    const calls = stubApi({
      '/User/getUserWidthAddress': ok({ list: [], coins }),
      '/User/setUserWidthAddress': ok(bound, 'Withdrawal address saved'),
    });
    render(<AddressPage />);
    const form = await screen.findByTestId('address-form');
    fireEvent.click(within(form).getByTestId('address-coin'));
    fireEvent.click(await screen.findByRole('button', { name: /USDT/ }));
    expect(within(form).getByText(/A USDT address on TRC20 starts with T/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(en.profile.address.address), {
      target: { value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' },
    });
    fireEvent.click(within(form).getByRole('button', { name: en.profile.address.bind }));
    expect((await within(form).findByRole('alert')).textContent).toBe(en.profile.address.checksum);
    // Nothing is saved before the address passes (getUserInfo tells the screen the account's second factors).
    expect(calls.map((c) => c.path).filter((path) => path !== '/User/getUserInfo')).toEqual([
      '/User/getUserWidthAddress',
    ]);

    fireEvent.change(within(form).getByLabelText(en.profile.address.address), { target: { value: TRON } });
    fireEvent.click(within(form).getByRole('button', { name: en.profile.address.bind }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/User/setUserWidthAddress'));
    const sent = calls.find((c) => c.path === '/User/setUserWidthAddress')!;
    expect({ c_id: sent.fields.get('c_id'), address: sent.fields.get('address') }).toEqual({
      c_id: '1',
      address: TRON,
    });
    expect((await screen.findByTestId('bound-address')).textContent).toContain(TRON);
    // Bound now and can_edit_address is 0: no submit any more (docs/product-rules.md#withdrawal-addresses).
    await waitFor(() => expect(screen.getByTestId('address-locked')).toBeTruthy());
    expect(screen.queryByRole('button', { name: en.profile.address.save })).toBeNull();
  });

  it('?id= opens that address for editing; submit shows while can_edit_address is 1', async () => {
    window.history.replaceState(null, '', '/bindMentionAddress?id=7');
    site.settings = siteSettings({ can_edit_address: 1 });
    stubApi({ '/User/getUserWidthAddress': ok({ list: [bound], coins }) });
    render(<AddressPage />);
    const form = await screen.findByTestId('address-form');
    expect(within(form).getByTestId('address-coin').textContent).toContain('USDT');
    expect((within(form).getByLabelText(en.profile.address.address) as HTMLInputElement).value).toBe(TRON);
    expect(within(form).getByRole('button', { name: en.profile.address.save })).toBeTruthy();
  });

  it('with can_edit_address 0 a bound coin is read-only, while an unbound coin can still be bound', async () => {
    window.history.replaceState(null, '', '/bindMentionAddress?id=7');
    site.settings = siteSettings({ can_edit_address: 0 });
    stubApi({ '/User/getUserWidthAddress': ok({ list: [bound], coins }) });
    render(<AddressPage />);
    const form = await screen.findByTestId('address-form');
    expect((within(form).getByLabelText(en.profile.address.address) as HTMLInputElement).readOnly).toBe(true);
    expect(within(form).queryByRole('button', { name: en.profile.address.save })).toBeNull();
    expect(within(form).getByTestId('address-locked').textContent).toBe(en.profile.address.locked);
    fireEvent.click(within(form).getByTestId('address-coin'));
    fireEvent.click(await screen.findByRole('button', { name: /ETH/ }));
    expect((within(form).getByLabelText(en.profile.address.address) as HTMLInputElement).readOnly).toBe(false);
    expect(within(form).getByRole('button', { name: en.profile.address.bind })).toBeTruthy();
  });

  it('closed while address_switch is off', () => {
    site.settings = siteSettings({ address_switch: 0 });
    stubApi({ '/User/getUserWidthAddress': ok({ list: [], coins }) });
    render(<AddressPage />);
    expect(screen.getByTestId('address-status').textContent).toContain(en.profile.address.closed);
  });
});
