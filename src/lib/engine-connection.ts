/**
 * The page's one market engine, made on first use (engine-worker.ts), and the commands it takes:
 * the session its polls send, the page's visibility and connectivity, price alerts, one-off asks.
 * The engine sends one batch per animation frame; each item goes to the subscription that asked
 * for it (engine-streams.ts).
 */
import { Subject, type Observable } from 'rxjs';
import type {
  AlertEvent,
  AlertSink,
  BatchItem,
  BatchSink,
  Candle,
  PriceAlert,
  Session,
} from '../../common/protocol.ts';
import type { EngineStats } from '../../workers/market/market-api.ts';
import { enginePageFlags } from './engine-flags.ts';
import { startReplay } from './engine-replay.ts';
import { createEngine, type EngineApi } from './engine-worker.ts';

let apiPromise: Promise<EngineApi> | undefined;
let session: Session = { token: null, lang: 'en' };
/** Set by setEngineVisible; until then the page's own visibility. */
let visibleOverride: boolean | undefined;
/** Where each engine subscription's batch items go, by its id (engine-streams.ts adds and removes them). */
export const subscriptionHandlers = new Map<number, (wire: unknown) => void>();

const alertEvents = new Subject<AlertEvent>();
/** Price alert events from the market worker, as they happen. */
export const alertEvents$: Observable<AlertEvent> = alertEvents.asObservable();
const deliverAlerts: AlertSink = (events) => {
  for (const event of events) alertEvents.next(event);
};

/** Hands each item of a batch to its subscription. */
const deliver: BatchSink = (items: BatchItem[]) => {
  for (const item of items) subscriptionHandlers.get(item.id)?.(item.wire);
};

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

async function createApi(): Promise<EngineApi> {
  const flags = enginePageFlags();
  const api = await createEngine(flags.mainThread, deliver, deliverAlerts);
  await api.setSession(session);
  await api.setVisible(visibleOverride ?? isVisible());
  watchPage();
  if (flags.replay) await startReplay(api, new URL(flags.replay, globalThis.location.href).href, flags.speed);
  if (flags.record) await api.startRecording();
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
