/**
 * The market half of the engine: the socket, frame decoding, the market-data streams (ticker,
 * book, trades, day summary), replay and recording hooks. The engine loads this module on the first
 * market stream, so screens without market data (and the worker's first download) never carry the
 * decoders nor the inflater (transport/inflate.ts); the chart streams load after it, with the first
 * chart (chart-sources.ts).
 */
import type { Candle, FeedStatus, StreamKey } from '../../common/protocol.ts';
import { BrokenFrameError } from './normalize/fields.ts';
import { decodeFrame } from './normalize/frames.ts';
import type { FrameRecorder } from './record/recorder.ts';
import type { ReplayPlayer } from './record/replay.ts';
import { fetchMinuteBar } from './requests/minute-bar.ts';
import { BookSource } from './streams/book-source.ts';
import { daySummaryPoll } from './streams/day-summary.ts';
import { PollSource } from './streams/poll-source.ts';
import type { EngineContext, FeedContext, StreamSource, TopicHandler } from './streams/stream-source.ts';
import { TickerSource } from './streams/ticker-source.ts';
import { TradeSource } from './streams/trade-source.ts';
import { MarketSocket, type SocketFactory } from './transport/market-socket.ts';

/** Keys served by the market feed itself; the chart keys' sources (chart-sources.ts) use its context. */
export type FeedKey = Extract<StreamKey, { kind: 'ticker' | 'book' | 'depth' | 'trades' | 'daySummary' }>;

export interface MarketFeedOptions {
  wsUrl: string;
  socketFactory: SocketFactory;
  reconnectMs?: number;
  staleMs?: number;
  idleCloseMs?: number;
}

/** How the feed tells the engine about the socket's life. */
export interface FeedEvents {
  /** The socket went down: books must be cleared. */
  down(): void;
  /** A socket reopened after a drop: missed data must be fetched. */
  reopened(): void;
  /** State or counters changed. */
  status(): void;
}

export class MarketFeed {
  /** Handlers per subscribed topic: a screen's stream and the alert watcher may share one topic. */
  private readonly topics = new Map<string, Set<TopicHandler>>();
  private readonly socket: MarketSocket;
  private readonly ctx: FeedContext;
  private replaying = false;
  private replayer: ReplayPlayer | undefined;
  private recorder: FrameRecorder | undefined;
  private frames = 0;
  private brokenFrames = 0;

  constructor(
    core: EngineContext,
    options: MarketFeedOptions,
    private readonly events: FeedEvents,
  ) {
    this.socket = new MarketSocket({
      url: options.wsUrl,
      factory: options.socketFactory,
      reconnectMs: options.reconnectMs,
      staleMs: options.staleMs,
      idleCloseMs: options.idleCloseMs,
      onText: (text) => this.receive(text),
      onBroken: (reason) => this.countBroken(reason),
      onOpen: (reopened) => (reopened ? events.reopened() : events.status()),
      onDown: () => events.down(),
      onStatus: () => events.status(),
      onSend: (text) => this.recorder?.record({ dir: 'client->server', t: Date.now() / 1000, frame: text }),
      onConnect: (url) => this.recorder?.record({ dir: 'connect', t: Date.now() / 1000, url }),
    });
    const isReplaying = (): boolean => this.replaying;
    // The core's getters (session) must stay live, so the feed context delegates rather than copies.
    this.ctx = Object.create(core, {
      replaying: { get: isReplaying },
      subscribeTopic: {
        value: (topic: string, handler: TopicHandler) => {
          const handlers = this.topics.get(topic);
          if (handlers) return void handlers.add(handler);
          this.topics.set(topic, new Set([handler]));
          this.socket.subscribe(topic);
        },
      },
      unsubscribeTopic: {
        value: (topic: string, handler: TopicHandler) => {
          const handlers = this.topics.get(topic);
          if (!handlers?.delete(handler) || handlers.size > 0) return;
          this.topics.delete(topic);
          this.socket.unsubscribe(topic);
        },
      },
    }) as FeedContext;
  }

  /** What the market streams get from the feed; the alert watcher subscribes its tickers through it. */
  get context(): FeedContext {
    return this.ctx;
  }

  /** The source behind a market key. */
  createSource(key: FeedKey, visible: boolean): StreamSource {
    switch (key.kind) {
      case 'ticker':
        return new TickerSource(this.ctx, key.symbol);
      case 'book':
      case 'depth':
        return new BookSource(this.ctx, key.symbol, key.step ?? 0);
      case 'trades':
        return new TradeSource(this.ctx, key.symbol);
      case 'daySummary':
        return new PollSource(this.ctx, daySummaryPoll(this.ctx, key.symbol), visible);
    }
  }

  /** The page became visible: a socket that went quiet meanwhile is replaced at once. */
  visible(): void {
    if (this.socket.isStale()) this.socket.reconnectNow();
  }

  /** The browser came back online: the old socket may be half-dead, so reconnect now. */
  online(): void {
    if (!this.replaying) this.socket.reconnectNow();
  }

  setRecorder(recorder: FrameRecorder | undefined): void {
    this.recorder = recorder;
  }

  /**
   * Replays a transcript instead of the live socket. Rejects a malformed transcript or speed. Its
   * reader and player are loaded here: only a QA replay needs them, never a market screen.
   */
  async startReplay(ndjson: string, speed: number): Promise<void> {
    const [{ parseTranscript }, { ReplayPlayer }] = await Promise.all([
      import('./record/transcript.ts'),
      import('./record/replay.ts'),
    ]);
    const lines = parseTranscript(ndjson);
    const player = new ReplayPlayer(lines, speed, {
      onFrame: (text) => this.receive(text),
      onReconnect: () => this.events.down(),
      onEnd: () => this.events.status(),
    });
    this.replayer?.stop();
    this.replayer = player;
    this.replaying = true;
    this.socket.setEnabled(false);
    this.events.status();
    player.start();
  }

  /** The feed's one-minute bar holding `tsMs` from market REST (see requests/minute-bar.ts). */
  minuteBar(symbol: string, tsMs: number): Promise<Candle | null> {
    if (this.replaying) return Promise.reject(new Error('market REST is not used while a recording is replayed'));
    return fetchMinuteBar(this.ctx.fetch, this.ctx.marketBase, symbol, tsMs, Date.now());
  }

  status(): FeedStatus {
    return {
      state: this.replaying ? 'replay' : this.socket.state,
      connects: this.socket.connects,
      brokenFrames: this.brokenFrames,
      frames: this.frames,
    };
  }

  dispose(): void {
    this.replayer?.stop();
    this.socket.dispose();
  }

  /** Handles one inflated server frame, from the socket or a replay. Never throws. */
  receive(text: string): void {
    this.frames++;
    // The frame counter is part of the status; its stream is conflated like any other, so this is cheap.
    this.events.status();
    this.recorder?.record({ dir: 'server->client', t: Date.now() / 1000, frame: text });
    try {
      const frame = decodeFrame(text);
      switch (frame.type) {
        case 'ping':
          this.socket.send(`{"pong":${frame.ping}}`);
          return;
        case 'push': {
          const handlers = this.topics.get(frame.topic);
          if (handlers) for (const handler of handlers) handler.onPush(frame);
          return;
        }
        case 'error':
          console.warn(`[market] feed error: ${frame.message}`);
          return;
        case 'ack':
        case 'rep':
          return;
      }
    } catch (error) {
      this.countBroken(error instanceof Error ? error.message : String(error), error);
    }
  }

  private countBroken(reason: string, error?: unknown): void {
    this.brokenFrames++;
    if (error !== undefined && !(error instanceof BrokenFrameError))
      console.error('[market] frame handler failed:', error);
    // The first few and then every hundredth, so a flood of bad frames cannot flood the console.
    else if (this.brokenFrames <= 5 || this.brokenFrames % 100 === 0) {
      console.warn(`[market] broken frame #${this.brokenFrames} skipped: ${reason}`);
    }
    this.events.status();
  }
}
