import { beforeEach, describe, expect, it } from 'vitest';
import {
  chartPeriodOnOpen,
  closeCountdown,
  hasSelection,
  optionsStore,
  rememberChartPeriod,
  setSelection,
  startCountdown,
} from '../stores/options-store.ts';

describe('options store', () => {
  beforeEach(() => {
    optionsStore.selection = { quantity: '', duration: null };
    optionsStore.active = null;
  });

  it('needs both a quantity and a duration before buying', () => {
    expect(hasSelection(optionsStore.selection)).toBe(false);
    setSelection({ quantity: ' 10 ', duration: null });
    expect(hasSelection(optionsStore.selection)).toBe(false);
    setSelection({ quantity: '10', duration: 30 });
    expect(optionsStore.selection).toEqual({ quantity: '10', duration: 30 });
    expect(hasSelection(optionsStore.selection)).toBe(true);
  });

  it('starts the countdown from the creation time and bumps the order list', () => {
    const version = optionsStore.listVersion;
    const order = {
      orderId: 7,
      total: 30,
      direction: 1,
      stake: '10',
      symbol: 'btcusdt',
      entryPrice: '100',
      percent: '80',
    } as const;
    startCountdown(order, 1_000_000);
    expect(optionsStore.active).toEqual({ ...order, endsAt: 1_030_000 });
    expect(optionsStore.listVersion).toBe(version + 1);
    closeCountdown();
    expect(optionsStore.active).toBeNull();
    expect(optionsStore.listVersion).toBe(version + 2);
  });

  it('opens the chart on 1D the first time, then on the interval chosen last', () => {
    expect(chartPeriodOnOpen()).toBe('1day');
    rememberChartPeriod('1min');
    expect(chartPeriodOnOpen()).toBe('1min');
    rememberChartPeriod('5min');
    expect(chartPeriodOnOpen()).toBe('5min');
    window.localStorage.setItem('chart_period', 'not-an-interval');
    expect(chartPeriodOnOpen()).toBe('1day');
  });
});
