import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../lib/api-client.ts';
import { OrderConfirmation, type OrderConfirmationProps } from '../components/OrderConfirmation.tsx';
import {
  closeConfirmation,
  closeCountdown,
  openConfirmation,
  optionsStore,
  setSelection,
} from '../stores/options-store.ts';

type Placed = ApiResult<{ order_id: number; buyprice: string; ykbl: string }>;

/** Every createOptionOrder call, answered only when the test resolves it. */
const api = vi.hoisted(() => ({
  calls: [] as { params: Record<string, unknown>; answer(result: Placed): Promise<void> }[],
}));

vi.mock('../api/create-option-order.ts', () => ({
  createOptionOrder: (params: Record<string, unknown>) =>
    new Promise<Placed>((resolve) => {
      api.calls.push({
        params,
        answer: async (result) => {
          resolve(result);
          await Promise.resolve();
        },
      });
    }),
}));

const props = (overrides: Partial<OrderConfirmationProps> = {}): OrderConfirmationProps => ({
  pairId: 7,
  symbol: 'btcusdt',
  name: 'BTC/USDT',
  durations: [
    { time: 30, ykbl: '80', min: '10' },
    { time: 60, ykbl: '85', min: '20' },
  ],
  coin: 'USDT',
  onPlaced: vi.fn(),
  ...overrides,
});

/** The store notifies in a microtask: an async act lets the render land. */
const inAct = (change: () => void) => act(async () => change());

beforeEach(() => {
  api.calls.length = 0;
  setSelection({ quantity: '20', duration: 60 });
});

afterEach(() => {
  closeConfirmation();
  closeCountdown();
  setSelection({ quantity: '', duration: null });
});

describe('options order confirmation', () => {
  it('is rendered ahead, out of reach while closed, and opening it shows that same element for the chosen direction and selection', async () => {
    render(<OrderConfirmation {...props()} />);
    const parked = screen.getByTestId('option-confirm');
    expect(parked.closest('[inert]')).not.toBeNull();
    await inAct(() => openConfirmation(2));
    const shown = screen.getByTestId('option-confirm');
    expect(shown).toBe(parked);
    expect(shown.closest('[inert]')).toBeNull();
    expect(shown.textContent).toContain('Buy down');
    expect(shown.textContent).toContain('20 USDT');
    expect(screen.getByTestId('payout-down').textContent).toBe('37.00000000 USDT');
  });

  it('is rendered before a duration is chosen, so the tap that chooses one mounts nothing', async () => {
    setSelection({ quantity: '', duration: null });
    render(<OrderConfirmation {...props()} />);
    const parked = screen.getByTestId('option-confirm');
    expect(parked.closest('[inert]')).not.toBeNull();
    await inAct(() => setSelection({ quantity: '30', duration: 30 }));
    expect(screen.getByTestId('option-confirm')).toBe(parked);
    await waitFor(() => expect(parked.textContent).toContain('30 USDT'));
    expect(parked.textContent).toContain('30 s');
  });

  it('renders a new selection into the closed confirmation a frame after the tap that makes it, not inside it', async () => {
    render(<OrderConfirmation {...props()} />);
    const parked = screen.getByTestId('option-confirm');
    await inAct(() => setSelection({ quantity: '30', duration: 30 }));
    // The picker's Confirm tap has rendered: the hidden confirmation still shows the last selection.
    expect(parked.textContent).toContain('20 USDT');
    await waitFor(() => expect(parked.textContent).toContain('30 USDT'));
    expect(parked.textContent).toContain('30 s');
  });

  it('opened in the same frame as a new selection, shows and orders that selection', async () => {
    render(<OrderConfirmation {...props()} />);
    await inAct(() => {
      setSelection({ quantity: '30', duration: 30 });
      openConfirmation(1);
    });
    const shown = screen.getByTestId('option-confirm');
    expect(shown.textContent).toContain('30 USDT');
    expect(screen.getByTestId('payout-up').textContent).toBe('54.00000000 USDT');
    act(() => screen.getByRole('button', { name: 'Confirm' }).click());
    expect(api.calls[0]?.params).toEqual({ mId: 7, ctime: 30, ctzed: '30', buytype: 1 });
  });

  it('places one order for a double tap on Confirm, with what it shows, then closes and starts the countdown', async () => {
    const onPlaced = vi.fn();
    render(<OrderConfirmation {...props({ onPlaced })} />);
    await inAct(() => openConfirmation(1));
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    // Both taps land before React renders the busy button.
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.params).toEqual({ mId: 7, ctime: 60, ctzed: '20', buytype: 1 });
    await act(() =>
      api.calls[0]!.answer({ ok: true, msg: '', data: { order_id: 42, buyprice: '65000.12', ykbl: '85' } }),
    );
    expect(optionsStore.confirmOpen).toBe(false);
    // The buy price and percent are the server's: the chart's line and the running result use them.
    expect(optionsStore.active).toMatchObject({
      orderId: 42,
      total: 60,
      direction: 1,
      stake: '20',
      symbol: 'btcusdt',
      entryPrice: '65000.12',
      percent: '85',
    });
    expect(onPlaced).toHaveBeenCalledOnce();
  });

  it('stays open with nothing placed when the server refuses the order', async () => {
    const onPlaced = vi.fn();
    render(<OrderConfirmation {...props({ onPlaced })} />);
    await inAct(() => openConfirmation(1));
    act(() => screen.getByRole('button', { name: 'Confirm' }).click());
    await act(() => api.calls[0]!.answer({ ok: false, code: 1, msg: 'Insufficient balance' }));
    expect(optionsStore.confirmOpen).toBe(true);
    expect(optionsStore.active).toBeNull();
    expect(onPlaced).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('closes when it leaves the page open, so the next visit starts without it', async () => {
    const { unmount } = render(<OrderConfirmation {...props()} />);
    await inAct(() => openConfirmation(1));
    unmount();
    expect(optionsStore.confirmOpen).toBe(false);
  });
});
