import { act, render, screen } from '@testing-library/react';
import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DaySummary, OptionsOrder } from '../../../../common/protocol.ts';
import { OrderCountdown } from '../components/OrderCountdown.tsx';
import type { DrawnClose } from '../components/DaySummaryBar.tsx';
import { closeCountdown, optionsStore, startCountdown, type ActiveOrder } from '../stores/options-store.ts';

const engine = vi.hoisted(() => ({ engineStream: vi.fn() }));
vi.mock('../../../lib/engine-client.ts', () => engine);

let orderInfo: Subject<OptionsOrder>;
let daySummary: Subject<DaySummary>;
let drawn: BehaviorSubject<DrawnClose | null>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(1_000_000);
  orderInfo = new Subject();
  daySummary = new Subject();
  drawn = new BehaviorSubject<DrawnClose | null>(null);
  engine.engineStream.mockReset();
  engine.engineStream.mockImplementation((key: { kind: string }) =>
    key.kind === 'optionOrder' ? orderInfo : daySummary,
  );
});

afterEach(() => {
  vi.useRealTimers();
  closeCountdown();
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

const running = (overrides: Partial<ActiveOrder> = {}): ActiveOrder => ({
  orderId: 5,
  total: 3,
  endsAt: 1_003_000,
  direction: 1,
  stake: '10',
  symbol: 'btcusdt',
  entryPrice: '100',
  percent: '80',
  ...overrides,
});

const renderCountdown = (order: ActiveOrder) =>
  render(<OrderCountdown order={order} coin="USDT" decimals={2} drawnClose={drawn} onClose={() => undefined} />);

const polls = () => engine.engineStream.mock.calls.filter(([key]) => (key as { kind: string }).kind === 'optionOrder');

describe('options running order card', () => {
  it('is a card in the page, not a dialog: ticks each second, polls only once finishing, then shows the result', () => {
    renderCountdown(running());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Order placed' })).toBeTruthy();
    expect(screen.getByTestId('countdown-seconds').textContent).toBe('3');
    expect(screen.getByTestId('countdown-state').textContent).toBe('Waiting to finish');
    expect(polls()).toHaveLength(0);
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
    // Once the result is in, the card no longer says the order was just placed, nor how it stands.
    expect(screen.queryByRole('region', { name: 'Order placed' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Order settled' })).toBeTruthy();
    expect(screen.queryByTestId('running-result')).toBeNull();
  });

  it('marks the order settled in the store, so the chart takes its buy-price line away', () => {
    startCountdown(
      { orderId: 5, total: 3, direction: 1, stake: '10', symbol: 'btcusdt', entryPrice: '100', percent: '80' },
      1_000_000,
    );
    renderCountdown(running());
    act(() => vi.advanceTimersByTime(3000));
    expect(optionsStore.active?.settled).toBeUndefined();
    act(() => orderInfo.next(settled));
    expect(optionsStore.active?.settled).toBe(true);
  });

  it('starts the ring as far along as the contract already is, and lets it run by itself', () => {
    renderCountdown(running({ orderId: 6, total: 30, endsAt: 1_024_000 }));
    const ring = screen.getByTestId('countdown-ring');
    expect(ring.style.getPropertyValue('--ring-total')).toBe('30s');
    expect(ring.style.getPropertyValue('--ring-delay')).toBe('-6000ms');
    expect(ring.getAttribute('aria-label')).toBe('24 s left');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown-seconds').textContent).toBe('23');
    // The ticks change the text only: the animation keeps the start it was given.
    expect(ring.style.getPropertyValue('--ring-delay')).toBe('-6000ms');
  });

  it('shows the buy price and where the order stands at each price the chart draws, in the up or down colour', () => {
    renderCountdown(running({ stake: '10.5', entryPrice: '65000.12', percent: '85.5' }));
    expect(screen.getByTestId('running-entry').textContent).toBe('65000.12');
    // No price yet: no result to claim.
    expect(screen.queryByTestId('running-result')).toBeNull();
    act(() => drawn.next({ symbol: 'btcusdt', close: '65000.13' }));
    const result = () => screen.getByTestId('running-result');
    expect(result().textContent).toBe('Winning +8.97750000 USDT');
    expect(result().className).toMatch(/up/);
    act(() => drawn.next({ symbol: 'btcusdt', close: '64999.5' }));
    expect(result().textContent).toBe('Losing -10.50000000 USDT');
    expect(result().className).toMatch(/down/);
    act(() => drawn.next({ symbol: 'btcusdt', close: '65000.120' }));
    expect(result().textContent).toBe('Even: stake back 0.00000000 USDT');
    expect(result().className).not.toMatch(/up|down/);
    // Another pair's price says nothing about this order.
    act(() => drawn.next({ symbol: 'ethusdt', close: '3000' }));
    expect(screen.queryByTestId('running-result')).toBeNull();
  });

  it('reads the price in the language of the app, amount and coin kept together', async () => {
    const { default: i18next } = await import('i18next');
    const { default: ar } = await import('../../../../locales/ar.json');
    i18next.addResourceBundle('ar', 'translation', ar);
    await act(async () => {
      await i18next.changeLanguage('ar');
    });
    try {
      renderCountdown(running({ direction: 2, entryPrice: '100' }));
      act(() => drawn.next({ symbol: 'btcusdt', close: '99' }));
      const result = screen.getByTestId('running-result');
      expect(result.textContent).toBe(`${ar.options.running.winning} +8.00000000 USDT`);
      expect(result.querySelector('bdi[dir="ltr"]')?.textContent).toBe('+8.00000000 USDT');
    } finally {
      await act(async () => {
        await i18next.changeLanguage('en');
      });
    }
  });
});
