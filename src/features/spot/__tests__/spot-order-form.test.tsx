import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site, type SiteSettings } from '../../../lib/site-settings.ts';
import { toasts } from '../../../lib/toast.ts';
import zhCn from '../../../../locales/zh-cn.json';
import { SpotOrderForm, type SpotOrderFormProps } from '../components/SpotOrderForm.tsx';

const place = vi.hoisted(() => ({ placeSpotOrder: vi.fn() }));
vi.mock('../api/place-spot-order.ts', () => place);

const balance = { usdt_balance: '100', coin_balance: '0.5' };
const BTC = { price: 2, amount: 6 };

const props = (overrides: Partial<SpotOrderFormProps> = {}): SpotOrderFormProps => ({
  mId: 1,
  base: 'BTC',
  quote: 'USDT',
  startPrice: '',
  picked: null,
  balance,
  precision: BTC,
  ...overrides,
});

function renderForm(overrides: Partial<SpotOrderFormProps> = {}) {
  return render(<SpotOrderForm {...props(overrides)} />);
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function setOnline(onLine: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
  window.dispatchEvent(new Event(onLine ? 'online' : 'offline'));
}

/** The text without the isolation marks that keep numbers left to right inside a sentence. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

afterEach(() => {
  site.settings = null;
  act(() => setOnline(true));
});

beforeEach(() => {
  place.placeSpotOrder.mockReset();
  place.placeSpotOrder.mockResolvedValue({ ok: true, data: {}, msg: 'Order placed' });
  toasts.items = [];
});

describe('spot order form', () => {
  it('asks for the price of a limit order before anything is sent', () => {
    renderForm();
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter order price');
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });

  it('refuses a buy over the available USDT, says so and clears the quantity', () => {
    renderForm();
    fireEvent.change(input('Price (USDT)'), { target: { value: '10' } });
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '10.01' } });
    expect(screen.getByTestId('order-value').textContent).toContain('100.10000000');
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(toasts.items.map((t) => t.message)).toContain('Insufficient available balance');
    expect(input('Quantity (BTC)').value).toBe('');
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });

  it('quick-fills a share of the balance to the pair quantity decimals and steps the price by 0.01', () => {
    renderForm();
    fireEvent.change(input('Price (USDT)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '50%' }));
    expect(input('Quantity (BTC)').value).toBe('16.666666');
    fireEvent.click(screen.getByRole('button', { name: 'Raise price by 0.01' }));
    expect(input('Price (USDT)').value).toBe('3.01');
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    fireEvent.click(screen.getByRole('button', { name: '100%' }));
    expect(input('Quantity (BTC)').value).toBe('0.500000');
  });

  it('speaks a language chosen while it is open, and names the coins of the pair it is given', async () => {
    const view = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    i18next.addResourceBundle('zh-CN', 'translation', zhCn);
    await act(() => i18next.changeLanguage('zh-CN'));
    try {
      expect(input('数量（BTC）')).toBeTruthy();
      expect(screen.getByTestId('spot-submit').textContent).toBe('卖出 BTC');
      view.rerender(<SpotOrderForm {...props({ base: 'ETH' })} />);
      expect(input('数量（ETH）')).toBeTruthy();
      expect(screen.getByTestId('spot-submit').textContent).toBe('卖出 ETH');
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
    expect(input('Quantity (ETH)')).toBeTruthy();
  });

  it('on a 2-decimal-quantity pair quick-fills 2 decimals and sends what it filled', async () => {
    renderForm({
      base: 'XRP',
      precision: { price: 5, amount: 2 },
      balance: { usdt_balance: '100', coin_balance: '0' },
    });
    fireEvent.change(input('Price (USDT)'), { target: { value: '0.52347' } });
    fireEvent.click(screen.getByRole('button', { name: '100%' }));
    expect(input('Quantity (XRP)').value).toBe('191.03');
    fireEvent.click(screen.getByRole('button', { name: 'Buy XRP' }));
    await vi.waitFor(() => expect(place.placeSpotOrder).toHaveBeenCalledTimes(1));
    expect(place.placeSpotOrder).toHaveBeenCalledWith({
      mId: 1,
      side: 1,
      mode: 1,
      price: '0.52347',
      quantity: '191.03',
      amount: '',
    });
  });

  it('refuses a quantity or price finer than the pair allows, saying how many decimals, before any call', () => {
    renderForm({ base: 'XRP', precision: { price: 5, amount: 2 } });
    fireEvent.change(input('Price (USDT)'), { target: { value: '0.52' } });
    fireEvent.change(input('Quantity (XRP)'), { target: { value: '10.123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy XRP' }));
    expect(screen.getByRole('alert').textContent).toBe('Too many decimal places in the quantity (at most 2)');
    expect(input('Quantity (XRP)').value).toBe('10.123');
    fireEvent.change(input('Price (USDT)'), { target: { value: '0.523471' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy XRP' }));
    expect(screen.getByRole('alert').textContent).toBe('Too many decimal places in the price (at most 5)');
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });

  it('starts the price at the last trade with the pair price decimals once the pair is known', () => {
    const view = renderForm({ precision: null, startPrice: '0.5234719' });
    expect(input('Price (USDT)').value).toBe('');
    view.rerender(<SpotOrderForm {...props({ precision: { price: 5, amount: 2 }, startPrice: '0.5234719' })} />);
    expect(input('Price (USDT)').value).toBe('0.52347');
    fireEvent.click(screen.getByRole('button', { name: 'Lower price by 0.01' }));
    expect(input('Price (USDT)').value).toBe('0.51347');
  });

  it('takes a price tapped in the book with the pair price decimals', () => {
    const view = renderForm({ precision: { price: 6, amount: 2 } });
    view.rerender(
      <SpotOrderForm {...props({ precision: { price: 6, amount: 2 }, picked: { price: '0.1500007', seq: 1 } })} />,
    );
    expect(input('Price (USDT)').value).toBe('0.150000');
  });

  it('keeps the older 2 price and 4 quantity decimals when the server did not send precisions', () => {
    renderForm({ precision: {}, startPrice: '65000.123' });
    expect(input('Price (USDT)').value).toBe('65000.12');
    fireEvent.change(input('Price (USDT)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '50%' }));
    expect(input('Quantity (BTC)').value).toBe('16.6666');
  });

  it('sends a market buy as an order value, quick-filled to 8 decimals', async () => {
    renderForm({ balance: { usdt_balance: '100.12345678', coin_balance: '0' } });
    fireEvent.change(input('Order type'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '25%' }));
    expect(input('Order value (USDT)').value).toBe('25.03086419');
    fireEvent.change(input('Order value (USDT)'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await vi.waitFor(() => expect(place.placeSpotOrder).toHaveBeenCalledTimes(1));
    expect(place.placeSpotOrder).toHaveBeenCalledWith({
      mId: 1,
      side: 1,
      mode: 2,
      price: '',
      quantity: '',
      amount: '25',
    });
  });
});

describe('stop-limit', () => {
  it('sends its trigger, limit price and quantity as operate_type 3', async () => {
    renderForm({ lastPrice: { current: '100' } });
    fireEvent.change(input('Order type'), { target: { value: '3' } });
    fireEvent.change(input('Trigger price (USDT)'), { target: { value: '95' } });
    fireEvent.change(input('Limit price (USDT)'), { target: { value: '96.5' } });
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await vi.waitFor(() => expect(place.placeSpotOrder).toHaveBeenCalledTimes(1));
    expect(place.placeSpotOrder).toHaveBeenCalledWith({
      mId: 1,
      side: 1,
      mode: 3,
      price: '96.5',
      quantity: '0.1',
      amount: '',
      trigger: '95',
    });
  });

  it('asks for a trigger, and refuses one equal to the last price before any call', () => {
    renderForm({ lastPrice: { current: '100' } });
    fireEvent.change(input('Order type'), { target: { value: '3' } });
    fireEvent.change(input('Limit price (USDT)'), { target: { value: '99' } });
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter trigger price');
    fireEvent.change(input('Trigger price (USDT)'), { target: { value: '100.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert').textContent).toBe('The trigger price cannot equal the last price');
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });
});

describe('a price far from the last price', () => {
  const last = { current: '64565.75' };

  it('asks first, stating the distance, and sends only when confirmed', async () => {
    renderForm({ lastPrice: last, balance: { usdt_balance: '1000', coin_balance: '0' } });
    fireEvent.change(input('Price (USDT)'), { target: { value: '69214.48' } });
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '0.001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const sheet = await screen.findByTestId('price-confirm');
    expect(plain(within(sheet).getByTestId('price-distance').textContent)).toBe(
      'Your price is 7.20% above the last price 64565.75',
    );
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('price-confirm-confirm'));
    await vi.waitFor(() => expect(place.placeSpotOrder).toHaveBeenCalledTimes(1));
    expect(place.placeSpotOrder).toHaveBeenCalledWith({
      mId: 1,
      side: 1,
      mode: 1,
      price: '69214.48',
      quantity: '0.001',
      amount: '',
    });
  });

  it('states a sell price below the last one, and sends a price within the distance at once', async () => {
    renderForm({ lastPrice: last });
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    fireEvent.change(input('Price (USDT)'), { target: { value: '58109.17' } });
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sell BTC' }));
    expect(plain((await screen.findByTestId('price-distance')).textContent)).toBe(
      'Your price is 10.00% below the last price 64565.75',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.change(input('Price (USDT)'), { target: { value: '61337.47' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sell BTC' }));
    await vi.waitFor(() => expect(place.placeSpotOrder).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('price-distance')).toBeNull();
  });

  it('follows the site setting: 0 turns the question off', async () => {
    site.settings = { price_confirm_percent: 0 } as SiteSettings;
    renderForm({ lastPrice: last, balance: { usdt_balance: '1000', coin_balance: '0' } });
    fireEvent.change(input('Price (USDT)'), { target: { value: '69214.48' } });
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '0.001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await vi.waitFor(() => expect(place.placeSpotOrder).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('price-distance')).toBeNull();
  });
});

describe("the pair's minimum order", () => {
  it('shows it before the user submits and refuses a smaller order with the same words', () => {
    renderForm({ minimum: { num: '0.001', total: '5' } });
    expect(screen.getByTestId('min-order').textContent).toBe('Minimum order: 0.001 BTC and 5 USDT');
    fireEvent.change(input('Price (USDT)'), { target: { value: '10' } });
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '0.0009' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert').textContent).toBe('Minimum order: 0.001 BTC and 5 USDT');
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });

  it('leaves out a min_total of "0" and says nothing while the minimum is unknown', () => {
    const view = renderForm({ minimum: { num: '0.001', total: '0' } });
    expect(screen.getByTestId('min-order').textContent).toBe('Minimum order: 0.001 BTC');
    view.rerender(<SpotOrderForm {...props({ minimum: {} })} />);
    expect(screen.queryByTestId('min-order')).toBeNull();
  });
});

describe('every amount field of the form', () => {
  /** Opens the form with the field shown and returns its input. */
  const FIELDS: [string, (form: ReturnType<typeof renderForm>) => HTMLInputElement][] = [
    ['price', () => input('Price (USDT)')],
    [
      'trigger',
      () => (fireEvent.change(input('Order type'), { target: { value: '3' } }), input('Trigger price (USDT)')),
    ],
    [
      'limit price',
      () => (fireEvent.change(input('Order type'), { target: { value: '3' } }), input('Limit price (USDT)')),
    ],
    ['quantity', () => input('Quantity (BTC)')],
    [
      'order value',
      () => (fireEvent.change(input('Order type'), { target: { value: '2' } }), input('Order value (USDT)')),
    ],
  ];

  it.each(FIELDS)(
    'the %s field reads a point, a lone comma, and pasted spaces and thousands separators, keeping the value',
    (_name, open) => {
      const field = open(renderForm());
      for (const [typed, kept] of [
        ['1.5', '1.5'],
        ['1,5', '1.5'],
        [' 12 345,5 ', '12345.5'],
        ['1,234.56', '1234.56'],
        ['1.234,56', '1234.56'],
        ['1\u00a0234\u202f567', '1234567'],
      ]) {
        fireEvent.change(field, { target: { value: typed } });
        expect({ typed, kept: field.value }).toEqual({ typed, kept });
      }
    },
  );

  it.each(FIELDS)('the %s field keeps text it cannot read as typed, says so, and nothing is sent', (_name, open) => {
    const field = open(renderForm());
    fireEvent.change(field, { target: { value: '1.2.3' } });
    expect(field.value).toBe('1.2.3');
    expect(screen.getByRole('alert').textContent).toBe('Enter digits with at most one decimal point, e.g. 1234.5');
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });

  it('flags a quantity above the held coin as it is typed, and refuses it', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    fireEvent.change(input('Price (USDT)'), { target: { value: '10' } });
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '0.6' } });
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (0.5 BTC)');
    fireEvent.click(screen.getByRole('button', { name: 'Sell BTC' }));
    expect(toasts.items.map((t) => t.message)).toContain('Insufficient available balance');
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });

  it('flags a buy quantity the USDT cannot pay at the price, and a limit price that makes it so', () => {
    renderForm();
    fireEvent.change(input('Price (USDT)'), { target: { value: '100' } });
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '0.6' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input('Price (USDT)'), { target: { value: '200' } });
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (0.50000000 BTC)');
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });

  it('flags a stop-limit buy above the USDT at its limit price, and a market buy value above the USDT', () => {
    renderForm({ lastPrice: { current: '150' } });
    fireEvent.change(input('Order type'), { target: { value: '3' } });
    fireEvent.change(input('Trigger price (USDT)'), { target: { value: '190' } });
    fireEvent.change(input('Limit price (USDT)'), { target: { value: '200' } });
    fireEvent.change(input('Quantity (BTC)'), { target: { value: '0.6' } });
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (0.50000000 BTC)');
    fireEvent.change(input('Order type'), { target: { value: '2' } });
    fireEvent.change(input('Order value (USDT)'), { target: { value: '100.01' } });
    expect(screen.getByRole('alert').textContent).toBe('More than you have available (100 USDT)');
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });
});

describe('the send button', () => {
  it('is off while offline and says why', () => {
    renderForm();
    act(() => setOnline(false));
    expect((screen.getByRole('button', { name: 'Buy BTC' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('send-offline').textContent).toBe(
      'You are offline. Nothing is sent until the connection is back.',
    );
    act(() => setOnline(true));
    expect((screen.getByRole('button', { name: 'Buy BTC' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
