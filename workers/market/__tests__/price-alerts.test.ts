import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertEvent, PriceAlert } from '../../../common/protocol.ts';
import * as alertModule from '../alerts/alert-watcher.ts';
import { stepAlert } from '../alerts/alert-rules.ts';
import { compareDecimal } from '../normalize/decimal.ts';
import { createHarness, type Harness } from './support/fakes.ts';
import { settle, useEngineTimers } from './support/timers.ts';

const alert = (over: Partial<PriceAlert> = {}): PriceAlert => ({
  id: 'a1',
  symbol: 'btcusdt',
  level: '100',
  direction: 'above',
  repeat: false,
  armed: true,
  ...over,
});

/** Feeds prices one after another through the rule; returns the events and the final state. */
function run(start: PriceAlert, prices: string[]): { events: string[]; last: PriceAlert | null } {
  let current: PriceAlert | null = start;
  const events: string[] = [];
  prices.forEach((price, i) => {
    if (!current) return;
    const step = stepAlert(current, price, i);
    current = step.alert;
    if (step.event) events.push(`${step.event.kind}@${price}`);
  });
  return { events, last: current };
}

describe('the crossing rule of price alerts', () => {
  it('compares decimals exactly, whatever their form', () => {
    expect(compareDecimal('100', '100.000')).toBe(0);
    expect(compareDecimal('99.99999999', '100')).toBe(-1);
    expect(compareDecimal('1E2', '99.9')).toBe(1);
    expect(compareDecimal('0.000001', '0.0000009')).toBe(1);
  });

  it('above, once: fires on the first price at or past the level, then is done', () => {
    expect(run(alert(), ['98', '99.5', '100', '101', '99', '102'])).toEqual({ events: ['fired@100'], last: null });
  });

  it('a gap over the level still crosses; repeated prices past it fire once', () => {
    expect(run(alert({ repeat: true }), ['95', '140', '140', '140', '150']).events).toEqual(['fired@140']);
    expect(run(alert({ direction: 'below', level: '50' }), ['60', '12']).events).toEqual(['fired@12']);
  });

  it('every time: re-arms only once the price is back strictly on the starting side, and fires again', () => {
    const { events, last } = run(alert({ repeat: true }), [
      '99',
      '100',
      '100',
      '100',
      '99.99',
      '99.99',
      '100.5',
      '101',
      '90',
      '100',
    ]);
    expect(events).toEqual(['fired@100', 'rearmed@99.99', 'fired@100.5', 'rearmed@90', 'fired@100']);
    expect(last).toMatchObject({ armed: false, repeat: true });
  });

  it('below mirrors above; a price exactly at the level counts as reached and does not re-arm', () => {
    expect(run(alert({ direction: 'below', repeat: true }), ['101', '100', '100', '100.01', '99']).events).toEqual([
      'fired@100',
      'rearmed@100.01',
      'fired@99',
    ]);
  });

  it('an alert saved disarmed (fired before a reload) waits for the starting side again', () => {
    expect(run(alert({ repeat: true, armed: false }), ['105', '103', '99', '100']).events).toEqual([
      'rearmed@99',
      'fired@100',
    ]);
  });
});

describe('price alerts in the engine', () => {
  let h: Harness;
  let events: AlertEvent[];
  beforeEach(() => {
    useEngineTimers();
    events = [];
    h = createHarness({ alertSink: (batch) => events.push(...batch), loadAlerts: () => alertModule });
  });
  afterEach(() => {
    h.engine.dispose();
    vi.useRealTimers();
  });

  const detail = (symbol: string, close: number) => ({
    ch: `market.${symbol}.detail`,
    ts: Date.now(),
    tick: { id: 1, low: close, high: close, open: close, close, vol: 1, amount: 1, version: 1, count: 1 },
  });

  it('watches the ticker of each alerted pair, reports a crossing at once even while hidden, and drops topics no alert needs', async () => {
    await h.engine.setAlerts([
      alert(),
      alert({ id: 'e1', symbol: 'ethusdt', level: '3000', direction: 'below', repeat: true }),
    ]);
    h.socket().accept();
    expect(h.socket().subs()).toEqual(['market.btcusdt.detail', 'market.ethusdt.detail']);
    h.engine.setVisible(false);
    h.socket().push(detail('btcusdt', 99));
    h.socket().push(detail('btcusdt', 100.5));
    h.socket().push(detail('ethusdt', 2999.5));
    expect(events.map((e) => `${e.id}:${e.kind}@${e.price}`)).toEqual(['a1:fired@100.5', 'e1:fired@2999.5']);
    // a1 was one-time: more prices past the level do nothing.
    h.socket().push(detail('btcusdt', 120));
    expect(events).toHaveLength(2);
    await h.engine.setAlerts([
      alert({ id: 'e1', symbol: 'ethusdt', level: '3000', direction: 'below', repeat: true, armed: false }),
    ]);
    expect(h.socket().unsubs()).toEqual(['market.btcusdt.detail']);
  });

  it('shares a topic with a screen: the screen keeps its ticker when the alert goes', async () => {
    h.engine.subscribe(1, { kind: 'ticker', symbol: 'btcusdt' });
    h.socket().accept();
    await h.engine.setAlerts([alert()]);
    expect(h.socket().subs()).toEqual(['market.btcusdt.detail']);
    await h.engine.setAlerts([]);
    expect(h.socket().unsubs()).toEqual([]);
    h.socket().push(detail('btcusdt', 101));
    h.frames.tick();
    expect(h.log.lastOf(1)).toMatchObject({ close: '101' });
    expect(events).toEqual([]);
  });

  it('refuses a malformed list and changes nothing', async () => {
    await h.engine.setAlerts([alert()]);
    await expect(h.engine.setAlerts([{ ...alert(), level: '-5' }])).rejects.toThrow(
      'level must be a positive decimal text',
    );
    await expect(h.engine.setAlerts('x')).rejects.toThrow('alerts must be an array');
    h.socket().accept();
    h.socket().push(detail('btcusdt', 100));
    await settle();
    expect(events.map((e) => e.kind)).toEqual(['fired']);
  });
});
