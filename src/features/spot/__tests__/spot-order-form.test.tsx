import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../lib/toast.ts';
import { SpotOrderForm } from '../components/SpotOrderForm.tsx';

const place = vi.hoisted(() => ({ placeSpotOrder: vi.fn() }));
vi.mock('../api/place-spot-order.ts', () => place);

const balance = { usdt_balance: '100', coin_balance: '0.5' };

function renderForm() {
  return render(<SpotOrderForm mId={1} base="BTC" quote="USDT" lastPrice="" picked={null} balance={balance} />);
}

beforeEach(() => {
  place.placeSpotOrder.mockReset();
  place.placeSpotOrder.mockResolvedValue({ ok: true, data: {}, msg: 'Order placed' });
  toasts.items = [];
});

describe('spot order form', () => {
  it('asks for the price of a limit order before anything is sent', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Quantity (BTC)'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter order price');
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });

  it('refuses a buy over the available USDT, says so and clears the quantity', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Price (USDT)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Quantity (BTC)'), { target: { value: '10.01' } });
    expect(screen.getByTestId('order-value').textContent).toContain('100.10000000');
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(toasts.items.map((t) => t.message)).toContain('Insufficient available balance');
    expect((screen.getByLabelText('Quantity (BTC)') as HTMLInputElement).value).toBe('');
    expect(place.placeSpotOrder).not.toHaveBeenCalled();
  });

  it('quick-fills a share of the balance and steps the price by 0.01', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Price (USDT)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '50%' }));
    expect((screen.getByLabelText('Quantity (BTC)') as HTMLInputElement).value).toBe('16.6666');
    fireEvent.click(screen.getByRole('button', { name: 'Raise price by 0.01' }));
    expect((screen.getByLabelText('Price (USDT)') as HTMLInputElement).value).toBe('3.01');
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    fireEvent.click(screen.getByRole('button', { name: '100%' }));
    expect((screen.getByLabelText('Quantity (BTC)') as HTMLInputElement).value).toBe('0.5000');
  });

  it('sends a market buy as an order value', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Order type'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Order value (USDT)'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await vi.waitFor(() => expect(place.placeSpotOrder).toHaveBeenCalledTimes(1));
    expect(place.placeSpotOrder).toHaveBeenCalledWith({ mId: 1, side: 1, mode: 2, price: '', quantity: '', amount: '25' });
  });
});
