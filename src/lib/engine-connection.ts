/**
 * The page's one market engine, made on first use (engine-worker.ts), and the commands it takes:
 * the session its polls send, the page's visibility and connectivity, price alerts, one-off asks.
 * The engine sends one batch per animation frame; each item goes to the subscription that asked
 * for it (engine-streams.ts).
 */
import { Subject, type Observable } from 'rxjs';
import type { AlertEvent, AlertSink, BatchItem, BatchSink, Candle, PriceAlert, Session } from '../../workers/shared/protocol.ts';
import type { EngineStats } from '../../workers/market/market-api.ts';
import { enginePageFlags } from './engine-flags.ts';
import { startFromFlags } from './engine-replay.ts';
import { createEngine, type EngineApi } from './engine-worker.ts';

let apiPromise: Promise<EngineApi> | undefined;
let session: Session = { token: null, lang: 'en' };
/** Set by setEngineVisible; until then the page's own visibility. */
let visibleOverride: boolean | undefined;
let nextId = 1;
const handlers = new Map<number, (wire: unknown) => void>();

const alertEvents = new Subject<AlertEvent>();
/** Price alert events from the market worker, as they happen. */
export const alertEvents$: Observable<AlertEvent> = alertEvents.asObservable();
const deliverAlerts: AlertSink = (events) => {
  for (const event of events) alertEvents.next(event);
};

/** Hands each item of a batch to its subscription. */
const deliver: BatchSink = (items: BatchItem[]) => {
  for (const item of items) handlers.get(item.id)?.(item.wire);
};

/** A new subscription id whose batch items go to `handler`, until `dropSubscription`. */
export function addSubscription(handler: (wire: unknown) => void): number {
  const subId = nextId++;
  handlers.set(subId, handler);
  return subId;
}

export function dropSubscription(subId: number): void {
  handlers.delete(subId);
}

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

async function createApi(): Promise<EngineApi> {
  const flags = enginePageFlags();
  const api = await createEngine(flags.mainThread, deliver, deliverAlerts);
  await api.setSession(session);
  await api.setVisible(visibleOverride ?? isVisible());
  watchPage();
  await startFromFlags(api, flags);
  return api;
}

/** Runs `call` on the engine once it exists; failures are logged (streams report theirs). */
export function withApi<T>(call: (api: EngineApi) => T): Promise<Awaited<T>> {
  apiPromise ??= createApi();
  const result = apiPromise.then(async (api) => await call(api)) as Promise<Awaited<T>>;
  result.catch((error: unknown) => console.error('[engine-client]', error));
  return result;
}

let pageWatched = false;
/** Page visibility and connectivity drive the engine (docs/architecture.md). */
function watchPage(): void {
  if (pageWatched || typeof document === 'undefined') return;
  pageWatched = true;
  document.addEventListener('visibilitychange', () => setEngineVisible(isVisible()));
  globalThis.addEventListener('online', notifyEngineOnline);
}

/**
 * The network is back: polls ask again now and the socket reconnects at once. The browser's
 * `online` event calls it; so does the shell when the server answers again after a failure.
 */
export function notifyEngineOnline(): void {
  if (apiPromise) void withApi((api) => api.notifyOnline());
}

/** Tells the engine the token and language its polls must send. Call whenever either changes. */
export function setEngineSession(next: Session): void {
  session = { token: next.token, lang: next.lang };
  if (apiPromise) void withApi((api) => api.setSession(session));
}

/** Tells the engine whether the page is visible (hidden pauses polls and emission). */
export function setEngineVisible(visible: boolean): void {
  visibleOverride = visible;
  if (apiPromise) void withApi((api) => api.setVisible(visible));
}

/** The engine's counters (bench, e2e). Starts the engine if needed. */
export function engineStats(): Promise<EngineStats> {
  return withApi((api) => api.stats() as EngineStats | Promise<EngineStats>);
}

/**
 * The feed's one-minute bar holding `tsMs` (epoch ms), fetched once by the engine from market REST;
 * null when the feed no longer serves that minute. Rejects when the request fails.
 */
export function fetchMinuteBar(symbol: string, tsMs: number): Promise<Candle | null> {
  apiPromise ??= createApi();
  return apiPromise.then((api) => api.minuteBar(symbol, tsMs) as Promise<Candle | null>);
}

/** Hands the worker the whole list of price alerts to watch (call on every change). */
export function setEngineAlerts(alerts: readonly PriceAlert[]): Promise<void> {
  return withApi((api) => api.setAlerts(alerts.map((alert) => ({ ...alert }))) as Promise<void>);
}
