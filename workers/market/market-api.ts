/**
 * The engine's API as the UI calls it: what the worker exposes (bridge/expose.ts), and what
 * src/lib/engine-worker.ts calls directly when the debug flag runs the engine on the main thread.
 * No Comlink here.
 */
import type { AlertSink, Candle, FeedStatus, PriceAlert, Session, StreamKey } from '../../common/protocol.ts';
import { MarketEngine, type EngineSink, type FrameScheduler } from './market-engine.ts';
import type { IndexedDbRecorder } from './record/recorder.ts';
import type { FetchLike } from './transport/http.ts';
import type { SocketFactory } from './transport/market-socket.ts';

/** Where the engine finds the feed and the API (engine-client derives them from the page). */
export interface EngineConfig {
  wsUrl: string;
  marketBase: string;
  apiBase: string;
}

/** What the host (worker or main thread) provides. */
export interface EngineHost {
  fetch: FetchLike;
  socketFactory: SocketFactory;
  indexedDB?: IDBFactory;
  scheduleFrame?: FrameScheduler;
}

/** Counters for the bench and the e2e tests. */
export interface EngineStats extends FeedStatus {
  /** Batches sent to the UI (each one message). */
  batches: number;
}

export interface MarketApi {
  /**
   * Creates the engine; `sink` receives every batch with the buffers it may move instead of copy,
   * `alertSink` price alert events. Must be called once, first.
   */
  init(config: EngineConfig, sink: EngineSink, alertSink?: AlertSink): void;
  /** Replaces the price alerts the worker watches. */
  setAlerts(alerts: PriceAlert[]): Promise<void>;
  subscribe(id: number, key: StreamKey): void;
  unsubscribe(id: number): void;
  setSession(session: Session): void;
  setVisible(visible: boolean): void;
  notifyOnline(): void;
  /** Fetches a transcript (NDJSON) and replays it at `speed` instead of the live feed. */
  startReplay(url: string, speed: number): Promise<void>;
  /** Starts recording every frame into IndexedDB. */
  startRecording(): Promise<void>;
  /** The current recording as NDJSON (transcript format); recording continues. */
  exportRecording(): Promise<string>;
  /** Stops recording. */
  stopRecording(): Promise<void>;
  /** The feed's one-minute bar holding `tsMs`, from market REST (settlement Verify view); null when no longer served. */
  minuteBar(symbol: string, tsMs: number): Promise<Candle | null>;
  stats(): EngineStats;
}

/** Builds the API around a fresh engine for one host. */
export function createMarketApi(host: EngineHost): MarketApi {
  let engine: MarketEngine | undefined;
  let recorder: IndexedDbRecorder | undefined;

  const ready = (): MarketEngine => {
    if (!engine) throw new Error('market engine: init() must be called first');
    return engine;
  };

  return {
    init(config, sink, alertSink) {
      if (engine) throw new Error('market engine: init() was already called');
      engine = new MarketEngine({
        ...config,
        fetch: host.fetch,
        socketFactory: host.socketFactory,
        scheduleFrame: host.scheduleFrame,
        sink,
        alertSink,
      });
    },
    subscribe: (id, key) => ready().subscribe(id, key),
    setAlerts: (alerts) => ready().setAlerts(alerts),
    unsubscribe: (id) => ready().unsubscribe(id),
    setSession: (session) => ready().setSession(session),
    setVisible: (visible) => ready().setVisible(visible),
    notifyOnline: () => ready().notifyOnline(),
    async startReplay(url, speed) {
      const response = await host.fetch(url);
      if (!response.ok) throw new Error(`replay file ${url}: HTTP ${response.status}`);
      await ready().startReplay(await response.text(), speed);
    },
    async startRecording() {
      if (recorder) return;
      // Loaded on demand: recording is a QA tool and stays out of the worker's first bundle.
      const { IndexedDbRecorder } = await import('./record/recorder.ts');
      recorder = await IndexedDbRecorder.open(host.indexedDB ?? globalThis.indexedDB);
      ready().setRecorder(recorder);
    },
    async exportRecording() {
      if (!recorder) throw new Error('market engine: not recording');
      return recorder.exportNdjson();
    },
    async stopRecording() {
      ready().setRecorder(undefined);
      await recorder?.close();
      recorder = undefined;
    },
    minuteBar: (symbol, tsMs) => ready().minuteBar(symbol, tsMs),
    stats: () => ({ ...ready().status(), batches: ready().batches }),
  };
}
