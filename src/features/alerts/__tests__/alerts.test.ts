import { beforeEach, describe, expect, it } from 'vitest';
import { levelProblem, suggestedDirection } from '../api/alert-rules.ts';
import {
  activeAlerts,
  addAlert,
  alertsStore,
  applyAlertEvent,
  initAlerts,
  readAlerts,
  removeAlert,
  updateAlert,
} from '../stores/alerts-store.ts';

const draft = { symbol: 'btcusdt', title: 'BTC/USDT', level: '70000', direction: 'above' as const, repeat: false };

describe('price alert rules', () => {
  it('wants a positive level with at most 8 decimals, on the far side of the last price', () => {
    expect(levelProblem('', 'above', '65000')).toBe('alerts.rules.levelRequired');
    expect(levelProblem('abc', 'above', '65000')).toBe('alerts.rules.levelInvalid');
    expect(levelProblem('0', 'above', '65000')).toBe('alerts.rules.levelInvalid');
    expect(levelProblem('1.123456789', 'above', '1')).toBe('alerts.rules.levelInvalid');
    expect(levelProblem('65000', 'above', '65000')).toBe('alerts.rules.aboveLast');
    expect(levelProblem('64000', 'above', '65000')).toBe('alerts.rules.aboveLast');
    expect(levelProblem('66000', 'below', '65000')).toBe('alerts.rules.belowLast');
    expect(levelProblem('66000.5', 'above', '65000')).toBeNull();
    expect(levelProblem('64000', 'below', '65000')).toBeNull();
    // Without a known price the level alone decides.
    expect(levelProblem('1', 'above', null)).toBeNull();
  });

  it('suggests rising for a level above the last price and falling for one below', () => {
    expect(suggestedDirection('70000', '65000', 'below')).toBe('above');
    expect(suggestedDirection('60000', '65000', 'above')).toBe('below');
    expect(suggestedDirection('65000', '65000', 'below')).toBe('below');
    expect(suggestedDirection('x', '65000', 'above')).toBe('above');
  });
});

describe('the alerts store', () => {
  beforeEach(() => {
    window.localStorage.clear();
    alertsStore.items = [];
  });

  it('keeps alerts on the device across a reload, and only well-formed ones', () => {
    addAlert(draft, 1000);
    addAlert({ ...draft, symbol: 'ethusdt', title: 'ETH/USDT', level: '3000', direction: 'below', repeat: true }, 2000);
    alertsStore.items = [];
    initAlerts();
    expect(alertsStore.items.map((a) => [a.symbol, a.armed, a.triggered])).toEqual([
      ['btcusdt', true, false],
      ['ethusdt', true, false],
    ]);
    expect(readAlerts('[{"id":"x","symbol":"BAD SYMBOL"}, 7]')).toEqual([]);
  });

  it('a one-time alert that fired is listed as triggered and no longer watched; a repeating one waits to re-arm', () => {
    addAlert(draft, 1000);
    addAlert({ ...draft, repeat: true, level: '71000' }, 1000);
    const [once, every] = alertsStore.items;
    applyAlertEvent({ id: once!.id, kind: 'fired', symbol: 'btcusdt', price: '70001', ts: 5 });
    applyAlertEvent({ id: every!.id, kind: 'fired', symbol: 'btcusdt', price: '71002', ts: 6 });
    expect(alertsStore.items.map((a) => [a.triggered, a.armed, a.firedPrice])).toEqual([
      [true, false, '70001'],
      [false, false, '71002'],
    ]);
    expect(activeAlerts(alertsStore.items).map((a) => [a.id, a.armed])).toEqual([[every!.id, false]]);
    applyAlertEvent({ id: every!.id, kind: 'rearmed', symbol: 'btcusdt', price: '70500', ts: 7 });
    expect(activeAlerts(alertsStore.items)[0]?.armed).toBe(true);
  });

  it('editing re-arms an alert; deleting removes it for good', () => {
    addAlert(draft, 1000);
    const id = alertsStore.items[0]!.id;
    applyAlertEvent({ id, kind: 'fired', symbol: 'btcusdt', price: '70001', ts: 5 });
    updateAlert(id, { ...draft, level: ' 72000 ' });
    expect(alertsStore.items[0]).toMatchObject({ level: '72000', armed: true, triggered: false });
    removeAlert(id);
    initAlerts();
    expect(alertsStore.items).toEqual([]);
  });
});
