import { fireEvent, render, screen, within } from '@testing-library/react';
import { of } from 'rxjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpotOrderRecord } from '../api/get-spot-orders.ts';
import { MyOrders } from '../components/MyOrders.tsx';

const record = (id: number, fields: Partial<SpotOrderRecord>): SpotOrderRecord => ({
  id,
  type: 1,
  type_text: 'Buy',
  ordertype_text: 'Limit',
  coinname: 'BTC',
  trade_coin: 'USDT',
  addtime: '2026-12-05 08:00:00',
  status: 1,
  status_text: 'Open',
  price: '60000',
  predict_num: '0.01',
  coinnum: '0',
  symbol: 'btcusdt',
  title: 'BTC/USDT',
  ...fields,
});

/** The engine's lists by status: what the open (1) and completed (2) tabs show; one stream per key, as the engine gives. */
const lists = vi.hoisted(() => ({ byStatus: new Map<number, unknown[]>(), streams: new Map<number, unknown>() }));
vi.mock('../../../lib/engine-client.ts', () => ({
  engineStream: (key: { status: number }) => {
    if (!lists.streams.has(key.status)) lists.streams.set(key.status, of(lists.byStatus.get(key.status) ?? []));
    return lists.streams.get(key.status);
  },
}));

const calls = vi.hoisted(() => ({ cancelAll: vi.fn(), count: vi.fn() }));
vi.mock('../api/cancel-all-spot-orders.ts', () => ({ cancelAllSpotOrders: calls.cancelAll }));
vi.mock('../api/get-spot-orders.ts', async (original) => ({
  ...(await original<object>()),
  countCancellable: calls.count,
}));

const waiting = record(7, {
  operate_type: 3,
  ordertype_text: 'Stop-limit',
  status: 4,
  status_text: 'Open',
  trigger_price: '58000.5',
  triggered_at: 0,
});
const triggered = record(8, {
  operate_type: 3,
  status: 1,
  status_text: 'Open',
  trigger_price: '61000',
  triggered_at: 1764921600000,
});
const limit = record(9, { operate_type: 1, trigger_price: '' });
const otherPair = record(10, { symbol: 'ethusdt', title: 'ETH/USDT' });

beforeEach(() => {
  lists.streams.clear();
  lists.byStatus = new Map([
    [1, [waiting, triggered, limit, otherPair]],
    [
      2,
      [
        record(11, {
          status: 2,
          status_text: 'Completed',
          coinnum: '0.01',
          total: '600.5',
          amount: '600.5',
          fee: '0.00001',
          fee_coin: 'BTC',
        }),
      ],
    ],
  ]);
  calls.cancelAll.mockReset();
  calls.cancelAll.mockResolvedValue({ ok: true, data: { cancelled: 3 }, msg: 'Orders cancelled' });
  calls.count.mockReset();
  calls.count.mockResolvedValue(3);
});

const rows = () => screen.getAllByTestId('spot-order');

describe('my spot orders', () => {
  it('shows a stop-limit waiting for its trigger with its own label and trigger price, cancellable; once triggered, as a limit order', () => {
    render(<MyOrders symbol="btcusdt" mId={1} title="BTC/USDT" />);
    const [first, second, third] = rows();
    expect(within(first!).getByTestId('order-status').textContent).toBe('Waiting for trigger');
    expect(within(first!).getByTestId('order-trigger').textContent).toBe('58000.5');
    expect(first!.textContent).toContain('Buy · Stop-limit');
    expect(within(first!).getByTestId('cancel-order')).toBeTruthy();
    expect(within(second!).getByTestId('order-status').textContent).toBe('Open');
    expect(within(second!).getByTestId('order-trigger').textContent).toBe('61000');
    expect(within(third!).queryByTestId('order-trigger')).toBeNull();
    expect(rows()).toHaveLength(3);
  });

  it('shows a completed order’s total and fee with their coins', () => {
    render(<MyOrders symbol="btcusdt" mId={1} title="BTC/USDT" />);
    fireEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    const [done] = rows();
    expect(within(done!).getByTestId('order-total').textContent).toBe('600.5 USDT');
    expect(within(done!).getByTestId('order-fee').textContent).toBe('0.00001 BTC');
  });

  it('asks before cancelling all, saying how many of the pair, then calls cancelAll and drops them from the list', async () => {
    render(<MyOrders symbol="btcusdt" mId={1} title="BTC/USDT" />);
    fireEvent.click(screen.getByTestId('cancel-all'));
    const count = await screen.findByTestId('cancel-all-count');
    expect(count.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('Open orders to cancel on BTC/USDT: 3');
    expect(calls.count).toHaveBeenCalledWith(1);
    expect(calls.cancelAll).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('cancel-all-confirm-confirm'));
    await vi.waitFor(() => expect(screen.queryAllByTestId('spot-order')).toHaveLength(0));
    expect(calls.cancelAll).toHaveBeenCalledWith(1);
  });

  it('keeps the list when the server refuses the cancel-all', async () => {
    calls.cancelAll.mockResolvedValue({ ok: false, code: 1, msg: 'refused' });
    render(<MyOrders symbol="btcusdt" mId={1} title="BTC/USDT" />);
    fireEvent.click(screen.getByTestId('cancel-all'));
    fireEvent.click(await screen.findByTestId('cancel-all-confirm-confirm'));
    await vi.waitFor(() => expect(calls.cancelAll).toHaveBeenCalledTimes(1));
    expect(rows()).toHaveLength(3);
  });
});
