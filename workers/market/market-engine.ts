/**
 * The market engine (docs/architecture.md#the-data-path): owns every poll loop and, through market-feed.ts, the
 * market socket; normalizes what arrives into common/protocol.ts types; and hands the UI at
 * most one batch per animation frame. A plain class with no DOM and no Comlink: the worker exposes
 * it through market-api.ts, and the debug flag runs the very same class on the main thread.
 *
 * Size matters here (worker budget 16 KiB gzip, docs/performance.md#bundle-sizes): the market feed
 * (socket, decoders) is loaded on the first market stream, so the worker starts small, and the candle
 * and study sources (chart-sources.ts) with the first chart stream, so a screen without a chart never
 * loads them. A module that failed to load (a dropped network) is asked for again by the next stream
 * that needs it. Frames are inflated by fflate's gunzip (2 KiB gzip, in the feed's chunk:
 * transport/inflate.ts); no RxJS is bundled, the UI side (src/lib/engine-client.ts) turns batches
 * into RxJS Observables.
 */
import type {
  AlertSink,
  BatchItem,
  Candle,
  FeedStatus,
  PriceAlert,
  Session,
  StreamKey,
} from '../../common/protocol.ts';
import type { AlertWatcher } from './alerts/alert-watcher.ts';
import type * as ChartSources from './chart-sources.ts';
import type { MarketFeed, MarketFeedOptions } from './market-feed.ts';
import { onDemand } from './on-demand.ts';
import type { FrameRecorder } from './record/recorder.ts';
import { sourceId, validateKey } from './stream-keys.ts';
import { FeedStatusSource, SessionExpiredSource } from './streams/event-sources.ts';
import { PollSource } from './streams/poll-source.ts';
import { isPollKey, pollDefinition } from './streams/poll-streams.ts';
import { StreamClock } from './streams/stream-clock.ts';
import type { EngineContext, StreamSource, Subscription } from './streams/stream-source.ts';
import type { FetchLike } from './transport/http.ts';

/** Calls `flush` once, at the next animation frame or within 100 ms, whichever comes first. */
export type FrameScheduler = (flush: () => void) => void;

/** Receives each batch with the buffers to transfer (the worker moves them to the page). */
export type EngineSink = (items: BatchItem[], transfer: Transferable[]) => void;

/** The market feed module, as loaded on demand. */
export interface FeedModule {
  MarketFeed: typeof MarketFeed;
}

/** The candle and study sources, as loaded on demand. */
export type ChartModule = typeof ChartSources;

export interface MarketEngineOptions extends Omit<MarketFeedOptions, 'wsUrl'> {
  /** The HTX-compatible market socket, e.g. `ws://host/ws`. */
  wsUrl: string;
  /** Base of the market REST (`/market/...`), e.g. `http://host`. */
  marketBase: string;
  /** Base of the app API, e.g. `http://host/api`. */
  apiBase: string;
  fetch: FetchLike;
  sink: EngineSink;
  scheduleFrame?: FrameScheduler;
  /** Loads market-feed.ts; tests pass the module itself so it is ready at once. */
  loadFeed?: () => FeedModule | Promise<FeedModule>;
  /** Loads chart-sources.ts; tests pass the module itself so it is ready at once. */
  loadCharts?: () => ChartModule | Promise<ChartModule>;
  /** Receives price alert events at once. */
  alertSink?: AlertSink;
  /** Loads the alert watcher; tests pass the module itself. */
  loadAlerts?: () => AlertModule | Promise<AlertModule>;
}

/** The alert watcher module, as loaded on demand. */
export interface AlertModule {
  AlertWatcher: typeof AlertWatcher;
  validateAlerts(raw: unknown): PriceAlert[];
}

const FLUSH_BACKSTOP_MS = 100;
const FEED_KINDS = new Set<StreamKey['kind']>([
  'ticker',
  'book',
  'depth',
  'candles',
  'trades',
  'daySummary',
  'studies',
]);
/** Feed kinds whose sources are in chart-sources.ts, loaded with the first of them. */
const CHART_KINDS = new Set<StreamKey['kind']>(['candles', 'studies']);

/** requestAnimationFrame where it exists (window and dedicated workers), with a 100 ms backstop. */
export const animationFrameScheduler: FrameScheduler = (flush) => {
  let ran = false;
  const once = (): void => {
    if (ran) return;
    ran = true;
    clearTimeout(backstop);
    flush();
  };
  const backstop = setTimeout(once, FLUSH_BACKSTOP_MS);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
};

export class MarketEngine {
  private readonly subs = new Map<number, Subscription>();
  private readonly sources = new Map<string, StreamSource>();
  private readonly dirty = new Set<Subscription>();
  /** Market subscriptions waiting for the feed module (and chart ones for the chart module). */
  private readonly waiting = new Map<number, StreamKey>();
  private readonly ctx: EngineContext;
  private readonly scheduleFrame: FrameScheduler;
  private feed: MarketFeed | undefined;
  /** Loads market-feed.ts once (on-demand.ts). */
  private readonly ensureFeed: () => Promise<MarketFeed>;
  private charts: ChartModule | undefined;
  /** Loads chart-sources.ts once. */
  private readonly ensureCharts: () => Promise<void>;
  private recorder: FrameRecorder | undefined;
  private alerts: AlertWatcher | undefined;
  /** The newest alert list asked for; a slower earlier load never overwrites it. */
  private alertVersion = 0;
  private session: Session = { token: null, lang: 'en' };
  private visible = true;
  private flushPending = false;
  /** Wakes the flush when a subscription held back by its stream's minimum interval is due. */
  private heldTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly clock = new StreamClock();
  private disposed = false;
  /** Batches handed to the sink so far (the bench counts engine→UI messages). */
  batches = 0;
  /** Subscriptions of derived streams (negative ids), delivered to their source instead of the UI. */
  private readonly internal = new Map<number, (wire: unknown) => void>();
  private nextInternalId = -1;

  constructor(private readonly options: MarketEngineOptions) {
    this.scheduleFrame = options.scheduleFrame ?? animationFrameScheduler;
    this.ensureFeed = onDemand(options.loadFeed ?? (() => import('./market-feed.ts')), (module) =>
      this.feedReady(module),
    );
    this.ensureCharts = onDemand(options.loadCharts ?? (() => import('./chart-sources.ts')), (module) =>
      this.chartsReady(module),
    );
    const currentSession = (): Session => this.session;
    this.ctx = {
      fetch: options.fetch,
      apiBase: options.apiBase,
      marketBase: options.marketBase,
      get session() {
        return currentSession();
      },
      markDirty: (subs, urgent) => this.markDirty(subs, urgent),
      sessionExpired: (message) =>
        (this.sources.get('sessionExpired') as SessionExpiredSource | undefined)?.emit(message),
      subscribeInternal: (key, deliver) => {
        const id = this.nextInternalId--;
        this.internal.set(id, deliver);
        this.subscribe(id, key);
        return () => {
          this.internal.delete(id);
          this.unsubscribe(id);
        };
      },
    };
  }

  /**
   * Starts delivering `key` to subscription `id` (chosen by the UI, unique while it lives). The
   * first subscription of a stream starts its topic or poll loop. Throws StreamKeyError for a bad key.
   */
  subscribe(id: number, key: StreamKey): void {
    if (this.subs.has(id) || this.waiting.has(id)) throw new Error(`subscription ${id} already exists`);
    const valid = validateKey(key);
    if (FEED_KINDS.has(valid.kind) && !this.modulesReady(valid)) {
      this.waiting.set(id, valid);
      void this.ensureFeed().catch((error: unknown) => console.error('[market] feed failed to load:', error));
      if (CHART_KINDS.has(valid.kind))
        void this.ensureCharts().catch((error: unknown) => console.error('[market] charts failed to load:', error));
      return;
    }
    this.attach(id, valid);
  }

  /** Ends a subscription; the last one of a stream stops it (and sends `unsub`). Unknown ids are ignored. */
  unsubscribe(id: number): void {
    if (this.waiting.delete(id)) return;
    const sub = this.subs.get(id);
    if (!sub) return;
    this.subs.delete(id);
    this.dirty.delete(sub);
    sub.source.subs.delete(sub);
    if (sub.source.subs.size > 0) return;
    sub.source.stop();
    this.sources.delete(sourceId(sub.key));
  }

  /** The UI's token and language; loops that use them restart at once when they change. */
  setSession(session: Session): void {
    const next: Session = { token: session.token || null, lang: session.lang };
    if (next.token === this.session.token && next.lang === this.session.lang) return;
    this.session = next;
    for (const source of this.sources.values()) source.onSession();
  }

  /**
   * Page visibility: hidden pauses every poll and all emission (state keeps updating, the socket
   * stays subscribed); shown resumes, delivers what changed, and reconnects a stale socket now.
   */
  setVisible(visible: boolean): void {
    if (this.visible === visible) return;
    this.visible = visible;
    for (const source of this.sources.values()) source.onVisible(visible);
    if (!visible) return;
    this.feed?.visible();
    this.requestFlush();
  }

  /**
   * Replaces the price alerts the worker watches (the UI keeps them and sends the whole
   * list on every change). Events go to `alertSink` as they happen. The watcher and the feed load
   * on the first alert. Rejects a malformed list, changing nothing.
   */
  async setAlerts(raw: unknown): Promise<void> {
    const version = ++this.alertVersion;
    if (!this.alerts && Array.isArray(raw) && raw.length === 0) return;
    const load = this.options.loadAlerts ?? (() => import('./alerts/alert-watcher.ts'));
    const module = await load();
    const alerts = module.validateAlerts(raw);
    const feed = this.feed ?? (await this.ensureFeed());
    if (version !== this.alertVersion || this.disposed) return;
    this.alerts ??= new module.AlertWatcher(feed.context, (events) => this.options.alertSink?.(events));
    this.alerts.update(alerts);
  }

  /** The network is back: every poll asks again now, and the socket reconnects at once. */
  notifyOnline(): void {
    for (const source of this.sources.values()) source.onOnline();
    this.feed?.online();
  }

  /** Starts (a recorder) or stops (undefined) recording every frame received and sent. */
  setRecorder(recorder: FrameRecorder | undefined): void {
    this.recorder = recorder;
    this.feed?.setRecorder(recorder);
  }

  /**
   * Replays a recorded session (transcript NDJSON) at `speed` instead of the live socket, with no
   * server: the socket closes and market REST is skipped. Rejects a malformed transcript.
   */
  async startReplay(ndjson: string, speed: number): Promise<void> {
    const feed = this.feed ?? (await this.ensureFeed());
    await feed.startReplay(ndjson, speed);
  }

  /**
   * The feed's one-minute bar holding `tsMs` (epoch ms), fetched once from market REST; null when
   * the feed no longer serves that minute. Rejects on a bad symbol or a failed request.
   */
  async minuteBar(symbol: string, tsMs: number): Promise<Candle | null> {
    // A symbol is checked as a stream key's would be (lower-cased, 2-32 letters or digits).
    const checked = validateKey({ kind: 'ticker', symbol }) as { symbol: string };
    if (!Number.isFinite(tsMs)) throw new Error('minuteBar: tsMs must be a number');
    const feed = this.feed ?? (await this.ensureFeed());
    return feed.minuteBar(checked.symbol, tsMs);
  }

  /** The socket's state and counters. */
  status(): FeedStatus {
    return this.feed?.status() ?? { state: 'idle', connects: 0, brokenFrames: 0, frames: 0 };
  }

  /** Stops everything (tests, page unload). */
  dispose(): void {
    this.disposed = true;
    if (this.heldTimer !== undefined) clearTimeout(this.heldTimer);
    this.waiting.clear();
    for (const id of [...this.subs.keys()]) this.unsubscribe(id);
    this.alerts?.dispose();
    this.feed?.dispose();
  }

  private feedReady(module: FeedModule): MarketFeed {
    const feed = new module.MarketFeed(
      this.ctx,
      {
        wsUrl: this.options.wsUrl,
        socketFactory: this.options.socketFactory,
        reconnectMs: this.options.reconnectMs,
        staleMs: this.options.staleMs,
        idleCloseMs: this.options.idleCloseMs,
      },
      {
        down: () => this.everySource((source) => source.onFeedDown()),
        reopened: () => this.everySource((source) => source.onFeedReopened()),
        status: () => this.statusChanged(),
      },
    );
    this.feed = feed;
    feed.setRecorder(this.recorder);
    if (this.disposed) feed.dispose();
    this.attachWaiting();
    return feed;
  }

  private chartsReady(module: ChartModule): void {
    this.charts = module;
    this.attachWaiting();
  }

  /** A chart stream needs both the feed and the chart sources; any other market stream the feed alone. */
  private modulesReady(key: StreamKey): boolean {
    return this.feed !== undefined && (!CHART_KINDS.has(key.kind) || this.charts !== undefined);
  }

  /** Attaches the waiting subscriptions whose modules have loaded, in the order they were made. */
  private attachWaiting(): void {
    for (const [id, key] of [...this.waiting]) {
      if (!this.modulesReady(key)) continue;
      this.waiting.delete(id);
      this.attach(id, key);
    }
  }

  private attach(id: number, key: StreamKey): void {
    const sid = sourceId(key);
    let source = this.sources.get(sid);
    const created = source === undefined;
    if (!source) {
      source = this.createSource(key);
      this.sources.set(sid, source);
    }
    const sub: Subscription = { id, key, source, cursor: undefined, sentAt: Number.NEGATIVE_INFINITY };
    this.subs.set(id, sub);
    source.subs.add(sub);
    const hasValue = source.attach(sub);
    if (created) source.start();
    if (hasValue) this.markDirty([sub]);
  }

  private createSource(key: StreamKey): StreamSource {
    if (isPollKey(key)) return new PollSource(this.ctx, pollDefinition(key), this.visible);
    if (key.kind === 'sessionExpired') return new SessionExpiredSource(this.ctx);
    if (key.kind === 'feedStatus') return new FeedStatusSource(this.ctx, () => this.status());
    if (!this.feed || !FEED_KINDS.has(key.kind)) throw new Error(`market engine: no source for ${key.kind}`);
    if (key.kind === 'candles' || key.kind === 'studies') return this.createChartSource(key, this.feed);
    return this.feed.createSource(key as Parameters<MarketFeed['createSource']>[0], this.visible);
  }

  private createChartSource(key: Extract<StreamKey, { kind: 'candles' | 'studies' }>, feed: MarketFeed): StreamSource {
    if (!this.charts) throw new Error(`market engine: the chart sources are not loaded for ${key.kind}`);
    return key.kind === 'candles'
      ? new this.charts.CandleSource(feed.context, key.symbol, key.period)
      : new this.charts.StudySource(feed.context, key.symbol, key.period);
  }

  private everySource(visit: (source: StreamSource) => void): void {
    for (const source of this.sources.values()) visit(source);
    this.statusChanged();
  }

  private statusChanged(): void {
    (this.sources.get('feedStatus') as FeedStatusSource | undefined)?.update();
  }

  /** `urgent`: sent at the next frame even within the stream's `minIntervalMs`. */
  private markDirty(subs: Iterable<Subscription>, urgent = false): void {
    if (urgent) for (const sub of subs) sub.sentAt = 0;
    for (const sub of subs) this.dirty.add(sub);
    this.requestFlush();
  }

  private requestFlush(): void {
    if (this.flushPending || !this.visible || this.dirty.size === 0) return;
    this.flushPending = true;
    this.scheduleFrame(() => {
      this.flushPending = false;
      this.flush();
    });
  }

  /**
   * Sends every pending value in one batch (docs/architecture.md#one-batch-per-frame). A subscription whose stream asks for
   * a longer interval (charts: 100 ms; books, tapes, tickers: 200 ms; the depth chart: 400 ms) waits for the next tick of the
   * clock those streams share (StreamClock), and a timer brings the flush back then.
   */
  private flush(): void {
    if (!this.visible) return;
    const now = Date.now();
    const items: BatchItem[] = [];
    const transfer: Transferable[] = [];
    const held: Subscription[] = [];
    let nextDue = Number.POSITIVE_INFINITY;
    const ticked = new Set<number>();
    for (const sub of this.dirty) {
      const interval = sub.source.intervalOf(sub);
      const open = interval > 0 && this.clock.ticking(interval, now);
      // A first value (sentAt -Infinity) or an urgent one (0) goes at once; the rest wait for their tick.
      if (interval > 0 && !open && sub.sentAt > 0) {
        held.push(sub);
        nextDue = Math.min(nextDue, this.clock.nextTick(interval));
        continue;
      }
      const delivery = sub.source.take(sub);
      if (!delivery) continue;
      if (open) ticked.add(interval);
      sub.sentAt = now;
      const internal = this.internal.get(sub.id);
      if (internal) {
        internal(delivery.wire);
        continue;
      }
      items.push({ id: sub.id, wire: delivery.wire });
      if (delivery.transfer) transfer.push(...delivery.transfer);
    }
    for (const interval of ticked) this.clock.spend(interval, now);
    this.dirty.clear();
    for (const sub of held) this.dirty.add(sub);
    if (held.length > 0 && this.heldTimer === undefined) {
      this.heldTimer = setTimeout(() => {
        this.heldTimer = undefined;
        this.requestFlush();
      }, nextDue - now);
    }
    if (items.length === 0) return;
    this.batches++;
    this.options.sink(items, transfer);
  }
}
