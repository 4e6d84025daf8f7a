/**
 * The UI's door to the market engine, and the only file that creates the Worker (DESIGN.md §3).
 * Every stream the engine offers becomes an RxJS Observable here; the engine sends one batch per
 * animation frame, which this file fans out to the subscriptions it carries.
 *
 * Page flags (for developers, QA and the bench):
 * - `?engine=main` runs the same engine on the main thread instead of the worker.
 * - `?replay=<url>&speed=<n>` replays a recorded session (transcript NDJSON) with no server.
 * - `?record=1` records every frame to IndexedDB; the shell's QA bar saves it as NDJSON, and so
 *   does `globalThis.__marketEngine.exportRecording()`.
 * - `globalThis.__marketEngine.observe()` records what the market streams hand the screens (the
 *   fault soak reads it; see stream-observer.ts).
 * Feed location: `VITE_MARKET_WS_URL` and `VITE_MARKET_REST_URL` at build time, else this origin.
 */
import { BehaviorSubject, Observable, Subject } from 'rxjs';
import type { AlertEvent, AlertSink, BatchItem, BatchSink, Candle, PriceAlert, Session, StreamKey, StreamValue, StreamWire } from '../../common/protocol.ts';
import type { EngineConfig, EngineStats, MarketApi } from '../../workers/market/market-api.ts';
import { connectMarketApi } from '../../workers/market/bridge/connect.ts';
import { reduceWire } from '../../common/stream-reducers.ts';
import { keepsLastKnown, recallValue, rememberValue } from './last-known.ts';
import type { StreamObserver } from './stream-observer.ts';

/** The engine's API, once made, whether it answers directly (main thread) or with promises (worker). */
type AnyApi = { [K in Exclude<keyof MarketApi, 'init'>]: (...args: Parameters<MarketApi[K]>) => unknown };

/** The developer and QA flags of the page's URL (see the file comment). */
export interface PageFlags {
  mainThread: boolean;
  replay: string | null;
  speed: number;
  record: boolean;
}

/** What became of the page's `?replay=` request; null when there is none. */
export type ReplayOutcome = 'loading' | 'playing' | { failed: string };
const replayOutcome = new BehaviorSubject<ReplayOutcome | null>(null);
/** The replay's outcome, so the UI can say when a requested replay could not start. */
export const replayOutcome$: Observable<ReplayOutcome | null> = replayOutcome.asObservable();

let apiPromise: Promise<AnyApi> | undefined;
let pageFlags: PageFlags | undefined;
let session: Session = { token: null, lang: 'en' };
/** Set by setEngineVisible; until then the page's own visibility. */
let visibleOverride: boolean | undefined;
let nextId = 1;
const handlers = new Map<number, (wire: unknown) => void>();
/** QA only: sees every value a stream hands the UI (set by `__marketEngine.observe()`, see stream-observer.ts). */
let streamTap: ((key: StreamKey, value: unknown) => void) | undefined;
let observer: Promise<StreamObserver> | undefined;
const streams = new Map<string, Observable<unknown>>();

function readFlags(): PageFlags {
  const params = new URLSearchParams(globalThis.location?.search ?? '');
  const speed = Number(params.get('speed') ?? '1');
  return {
    mainThread: params.get('engine') === 'main',
    replay: params.get('replay'),
    speed: Number.isFinite(speed) && speed > 0 ? speed : 1,
    record: params.get('record') === '1',
  };
}

/** The flags the engine started with, read once from the first URL (they apply until a full reload). */
export function enginePageFlags(): Readonly<PageFlags> {
  pageFlags ??= readFlags();
  return pageFlags;
}

function engineConfig(): EngineConfig {
  const origin = globalThis.location.origin;
  const env = import.meta.env as Record<string, string | undefined>;
  const wsOrigin = origin.replace(/^http/, 'ws');
  return {
    wsUrl: env.VITE_MARKET_WS_URL || `${wsOrigin}/ws`,
    marketBase: env.VITE_MARKET_REST_URL || origin,
    apiBase: `${origin}/api`,
  };
}

const alertEvents = new Subject<AlertEvent>();
/** Price alert events from the market worker, as they happen (issue 15). */
export const alertEvents$: Observable<AlertEvent> = alertEvents.asObservable();
const deliverAlerts: AlertSink = (events) => {
  for (const event of events) alertEvents.next(event);
};

/** Hands each item of a batch to its subscription. */
const deliver: BatchSink = (items: BatchItem[]) => {
  for (const item of items) handlers.get(item.id)?.(item.wire);
};

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

async function createApi(): Promise<AnyApi> {
  const flags = enginePageFlags();
  const config = engineConfig();
  let api: AnyApi;
  if (flags.mainThread || typeof Worker === 'undefined') {
    const { createMarketApi } = await import('../../workers/market/market-api.ts');
    const direct = createMarketApi({
      fetch: (url, init) => fetch(url, init),
      socketFactory: (url) => new WebSocket(url),
    });
    direct.init(config, deliver, deliverAlerts);
    api = direct;
  } else {
    const worker = new Worker(new URL('../../workers/market/market.worker.ts', import.meta.url), {
      type: 'module',
      name: 'market',
    });
    worker.addEventListener('error', (event) => console.error('[engine-client] market worker failed:', event.message));
    api = await connectMarketApi(worker, config, deliver, deliverAlerts);
  }
  await api.setSession(session);
  await api.setVisible(visibleOverride ?? isVisible());
  watchPage();
  if (flags.replay) await startReplay(api, new URL(flags.replay, globalThis.location.href).href, flags.speed);
  if (flags.record) await api.startRecording();
  return api;
}

/** A replay that cannot start leaves the engine on the live feed, and says so through replayOutcome$. */
async function startReplay(api: AnyApi, url: string, speed: number): Promise<void> {
  replayOutcome.next('loading');
  try {
    await api.startReplay(url, speed);
    replayOutcome.next('playing');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error('[engine-client] replay could not start:', reason);
    replayOutcome.next({ failed: reason });
  }
}

/** Runs `call` on the engine once it exists; failures are logged (streams report theirs). */
function withApi<T>(call: (api: AnyApi) => T): Promise<Awaited<T>> {
  apiPromise ??= createApi();
  const result = apiPromise.then(async (api) => await call(api)) as Promise<Awaited<T>>;
  result.catch((error: unknown) => console.error('[engine-client]', error));
  return result;
}

let pageWatched = false;
/** Page visibility and connectivity drive the engine (DESIGN.md §4.2, §4.4). */
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

/** One id per stream: equal keys, whatever their property order, name the same stream. */
export function canonical(key: StreamKey): string {
  const entries = Object.entries(key).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

/**
 * The stream behind `key` as an Observable. Equal keys return the same Observable, so components
 * may call this during render. Each subscription is one subscription in the engine (which shares
 * the socket topic or poll loop behind equal keys); unsubscribing ends it. The pair lists first
 * emit the last list this device saw, if any (`lastKnownAt` tells it from a live one).
 */
export function engineStream<K extends StreamKey>(key: K): Observable<StreamValue<K>> {
  const id = canonical(key);
  let stream = streams.get(id);
  if (!stream) {
    const kept = keepsLastKnown(key);
    stream = new Observable<StreamValue<K>>((subscriber) => {
      const subId = nextId++;
      let value: StreamValue<K> | undefined;
      // The pair lists start from what the device last saw, marked as such (last-known.ts), until live.
      const lastKnown = kept ? recallValue(id) : undefined;
      if (lastKnown !== undefined) subscriber.next(lastKnown as StreamValue<K>);
      handlers.set(subId, (wire) => {
        value = reduceWire(key, value, wire as StreamWire<K>);
        if (kept) rememberValue(id, value);
        streamTap?.(key, value);
        subscriber.next(value);
      });
      withApi((api) => api.subscribe(subId, key)).catch((error: unknown) => subscriber.error(error));
      return () => {
        handlers.delete(subId);
        void withApi((api) => api.unsubscribe(subId));
      };
    });
    streams.set(id, stream);
  }
  return stream as Observable<StreamValue<K>>;
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

/** Starts recording every frame to IndexedDB. */
export function startEngineRecording(): Promise<void> {
  return withApi((api) => api.startRecording() as Promise<void>);
}

/** The current recording as NDJSON (the transcript format `?replay=` plays). */
export function exportEngineRecording(): Promise<string> {
  return withApi((api) => api.exportRecording() as Promise<string>);
}

/**
 * QA only (the fault soak, issue 16): from now on, records what every market stream hands the
 * screens. The observer's module loads on the first call, so no screen's bundle carries it; later
 * calls return the same observer.
 */
export function observeEngineStreams(): Promise<StreamObserver> {
  observer ??= import('./stream-observer.ts').then(({ StreamObserver }) => {
    const created = new StreamObserver();
    streamTap = (key, value) => created.record(key, value);
    return created;
  });
  return observer;
}

// A console handle for QA and the bench, which cannot import modules from the built app.
Object.assign(globalThis, {
  __marketEngine: { stats: engineStats, startRecording: startEngineRecording, exportRecording: exportEngineRecording, observe: observeEngineStreams },
});
