import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../lib/toast.ts';
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

  it('on a 2-decimal-quantity pair quick-fills 2 decimals and sends what it filled', async () => {
    renderForm({ base: 'XRP', precision: { price: 5, amount: 2 }, balance: { usdt_balance: '100', coin_balance: '0' } });
    fireEvent.change(input('Price (USDT)'), { target: { value: '0.52347' } });
    fireEvent.click(screen.getByRole('button', { name: '100%' }));
    expect(input('Quantity (XRP)').value).toBe('191.03');
    fireEvent.click(screen.getByRole('button', { name: 'Buy XRP' }));
    await vi.waitFor(() => expect(place.placeSpotOrder).toHaveBeenCalledTimes(1));
    expect(place.placeSpotOrder).toHaveBeenCalledWith({ mId: 1, side: 1, mode: 1, price: '0.52347', quantity: '191.03', amount: '' });
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
    view.rerender(<SpotOrderForm {...props({ precision: { price: 6, amount: 2 }, picked: { price: '0.1500007', seq: 1 } })} />);
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
    expect(place.placeSpotOrder).toHaveBeenCalledWith({ mId: 1, side: 1, mode: 2, price: '', quantity: '', amount: '25' });
  });
});
