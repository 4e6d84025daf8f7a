import { act, render, screen } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OptionsOrder } from '../../../../workers/shared/protocol.ts';
import { CountdownDialog } from '../components/CountdownDialog.tsx';

const engine = vi.hoisted(() => ({ engineStream: vi.fn() }));
vi.mock('../../../lib/engine-client.ts', () => engine);

let orderInfo: Subject<OptionsOrder>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(1_000_000);
  orderInfo = new Subject();
  engine.engineStream.mockReset();
  engine.engineStream.mockReturnValue(orderInfo);
});

afterEach(() => {
  vi.useRealTimers();
});

const settled: OptionsOrder = {
  order_id: 5,
  coinname: 'BTC/USDT',
  status: 2,
  is_win: 1,
  ploss: '+8.00000000',
  buyprice: '100',
  sellprice: '101',
  time: 3,
  count_down: 0,
  hyzd: 1,
  hyzd_text: 'Buy up',
  num: '10.00000000',
  buytime: '',
  selltime: '',
};

describe('options countdown dialog', () => {
  it('ticks each second, polls only once finishing, then shows the result', () => {
    render(<CountdownDialog order={{ orderId: 5, total: 3, endsAt: 1_003_000, direction: 1, stake: '10' }} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Order placed' })).toBeTruthy();
    expect(screen.getByTestId('countdown-seconds').textContent).toBe('3');
    expect(screen.getByTestId('countdown-state').textContent).toBe('Waiting to finish');
    expect(engine.engineStream).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown-seconds').textContent).toBe('2');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('countdown-seconds').textContent).toBe('0');
    expect(screen.getByTestId('countdown-state').textContent).toBe('Finishing');
    expect(engine.engineStream).toHaveBeenCalledWith({ kind: 'optionOrder', orderId: 5 });
    act(() => orderInfo.next({ ...settled, status: 1, is_win: 0 }));
    expect(screen.getByTestId('countdown-state').textContent).toBe('Finishing');
    act(() => orderInfo.next(settled));
    expect(screen.getByTestId('countdown-state').textContent).toBe('Finished');
    expect(screen.getByTestId('result-text').textContent).toBe('Win');
    expect(screen.getByTestId('result-ploss').textContent).toBe('+8.00000000');
    // Once the result is in, the dialog no longer says the order was just placed.
    expect(screen.queryByRole('dialog', { name: 'Order placed' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Order settled' })).toBeTruthy();
  });

  it('starts the ring as far along as the contract already is, and lets it run by itself', () => {
    render(<CountdownDialog order={{ orderId: 6, total: 30, endsAt: 1_024_000, direction: 1, stake: '10' }} onClose={() => undefined} />);
    const ring = screen.getByTestId('countdown-ring');
    expect(ring.style.getPropertyValue('--ring-total')).toBe('30s');
    expect(ring.style.getPropertyValue('--ring-delay')).toBe('-6000ms');
    expect(ring.getAttribute('aria-label')).toBe('24 s left');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown-seconds').textContent).toBe('23');
    // The ticks change the text only: the animation keeps the start it was given.
    expect(ring.style.getPropertyValue('--ring-delay')).toBe('-6000ms');
  });
});
