/**
 * Price alerts, kept on this device in local storage so they survive reloads; the market
 * worker watches the active ones (hooks/use-alert-bridge.ts sends it the list on every change). A
 * one-time alert that fired stays listed as triggered until edited (which re-arms it) or deleted.
 */
import { proxy } from 'valtio';
import type { AlertEvent, PriceAlert } from '../../../../common/protocol.ts';

const STORAGE_KEY = 'price_alerts';
/** More than anyone sets by hand; keeps a broken store from growing without end. */
export const MAX_ALERTS = 50;

export interface StoredAlert extends PriceAlert {
  /** The pair as shown, BASE/QUOTE. */
  title: string;
  createdAt: number;
  /** A one-time alert that fired: no longer watched. */
  triggered: boolean;
  /** The last time it fired, and at which price. */
  firedAt?: number;
  firedPrice?: string;
}

export const alertsStore = proxy<{ items: StoredAlert[] }>({ items: [] });

function isStoredAlert(value: unknown): value is StoredAlert {
  const a = value as Partial<StoredAlert> | null;
  return (
    !!a &&
    typeof a.id === 'string' &&
    typeof a.symbol === 'string' &&
    /^[a-z0-9]{2,32}$/.test(a.symbol) &&
    typeof a.title === 'string' &&
    typeof a.level === 'string' &&
    /^\d+(\.\d+)?$/.test(a.level) &&
    (a.direction === 'above' || a.direction === 'below') &&
    typeof a.repeat === 'boolean' &&
    typeof a.armed === 'boolean' &&
    typeof a.triggered === 'boolean' &&
    typeof a.createdAt === 'number'
  );
}

/** The stored alerts that are well-formed, at most MAX_ALERTS. */
export function readAlerts(raw: string | null): StoredAlert[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isStoredAlert).slice(0, MAX_ALERTS) : [];
  } catch {
    return [];
  }
}

function save(): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(alertsStore.items));
  } catch {
    // Storage full or blocked: the alerts work until the page closes.
  }
}

let listening = false;
/** Loads the stored alerts and follows changes made in another tab. Call once at start. */
export function initAlerts(): void {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Unreadable storage: no alerts.
  }
  alertsStore.items = readAlerts(raw);
  if (listening) return;
  listening = true;
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) alertsStore.items = readAlerts(event.newValue);
  });
}

/** The alerts the worker must watch: every one but a triggered one-time alert. */
export function activeAlerts(items: readonly StoredAlert[]): PriceAlert[] {
  return items
    .filter((a) => !a.triggered)
    .map(({ id, symbol, level, direction, repeat, armed }) => ({ id, symbol, level, direction, repeat, armed }));
}

export interface AlertDraft {
  symbol: string;
  title: string;
  level: string;
  direction: 'above' | 'below';
  repeat: boolean;
}

let counter = 0;
/** Adds an alert, armed; false when the list is full. */
export function addAlert(draft: AlertDraft, now = Date.now()): boolean {
  if (alertsStore.items.length >= MAX_ALERTS) return false;
  counter += 1;
  const id = `${now.toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  alertsStore.items = [
    ...alertsStore.items,
    { ...draft, level: draft.level.trim(), id, armed: true, triggered: false, createdAt: now },
  ];
  save();
  return true;
}

/** Changes an alert; an edited alert is armed again and no longer triggered. */
export function updateAlert(id: string, draft: AlertDraft): void {
  alertsStore.items = alertsStore.items.map((a) =>
    a.id === id ? { ...a, ...draft, level: draft.level.trim(), armed: true, triggered: false } : a,
  );
  save();
}

export function removeAlert(id: string): void {
  alertsStore.items = alertsStore.items.filter((a) => a.id !== id);
  save();
}

/** Takes the worker's event into the list; returns the alert it concerns (as it was), or null. */
export function applyAlertEvent(event: AlertEvent): StoredAlert | null {
  const alert = alertsStore.items.find((a) => a.id === event.id);
  if (!alert) return null;
  const next: StoredAlert =
    event.kind === 'fired'
      ? { ...alert, armed: false, triggered: !alert.repeat, firedAt: event.ts, firedPrice: event.price }
      : { ...alert, armed: true };
  alertsStore.items = alertsStore.items.map((a) => (a.id === alert.id ? next : a));
  save();
  return alert;
}
