/**
 * The engine's unit of sharing: one source per distinct stream (a socket topic or a poll loop),
 * shared by every subscription to it. The engine starts a source on its first subscription and
 * stops it after the last one leaves (docs/architecture.md#shared-subscriptions).
 */
import type { Session, StreamKey } from '../../../common/protocol.ts';
import type { FetchLike } from '../transport/http.ts';

/** docs/architecture.md#one-batch-per-frame: the slower conflation window, for charts and studies. */
export const SLOW_STREAM_MS = 100;
/**
 * The book's, the tape's and the tickers' calm cadence: five a second, on the clock every slow
 * stream shares, so a trading screen's panels change together in one render and one layout a tick
 * (docs/architecture.md#one-batch-per-frame). The feed's own books come about once a second.
 */
export const PANEL_STREAM_MS = 200;
/**
 * The depth chart's cadence: every other tick of the panels' clock, so it always redraws in a batch
 * with the book. It sums up to 150 levels a side, whose shape moves slowly, and each redraw of its
 * canvas costs about a millisecond unthrottled, most of it the outline's stroke
 * (docs/performance.md#spot-book-and-depth-chart).
 */
export const DEPTH_STREAM_MS = 2 * PANEL_STREAM_MS;

/** A UI subscription as the engine holds it. `cursor` is the source's per-subscription delivery state. */
export interface Subscription {
  readonly id: number;
  readonly key: StreamKey;
  readonly source: StreamSource;
  cursor: unknown;
  /** When this subscription last got a batch (ms). */
  sentAt: number;
}

/** What one subscription receives in a batch. */
export interface Delivery {
  wire: unknown;
  transfer?: Transferable[];
}

/** A push of a subscribed topic, already classified. */
export interface TopicPush {
  topic: string;
  ts: number;
  tick: unknown;
}

/** Receives the pushes of one socket topic. */
export interface TopicHandler {
  onPush(push: TopicPush): void;
}

/** What the engine offers every source. */
export interface EngineContext {
  readonly fetch: FetchLike;
  readonly apiBase: string;
  readonly marketBase: string;
  readonly session: Session;
  /**
   * Something changed for these subscriptions; deliver at the next frame the stream's interval
   * allows, or, `urgent`, at the next frame (a change that must not wait).
   */
  markDirty(subs: Iterable<Subscription>, urgent?: boolean): void;
  /** A poll answered 401 (docs/product-rules.md#calls-and-answers). */
  sessionExpired(message: string): void;
  /**
   * A stream derived from another (the indicators from their candles) subscribes it like a view
   * would, sharing its source, and gets its batches in `deliver`; returns the unsubscribe.
   */
  subscribeInternal(key: StreamKey, deliver: (wire: unknown) => void): () => void;
}

/** What the market feed adds for the sources of market data. */
export interface FeedContext extends EngineContext {
  /** True while a recorded session is replayed: no socket and no market REST. */
  readonly replaying: boolean;
  subscribeTopic(topic: string, handler: TopicHandler): void;
  unsubscribeTopic(topic: string, handler: TopicHandler): void;
}

export abstract class StreamSource {
  readonly subs = new Set<Subscription>();
  /**
   * The least time between two batches of one subscription: 0 = every animation frame; streams
   * whose every change costs a chart redraw or a list re-render use the design's 100 ms instead
   * (docs/architecture.md#one-batch-per-frame "one batch per animation frame (or 100 ms)").
   */
  readonly minIntervalMs: number = 0;

  constructor(protected readonly ctx: EngineContext) {}

  /** `minIntervalMs` for one subscription: a source whose subscribers want different cadences overrides it. */
  intervalOf(sub: Subscription): number {
    void sub;
    return this.minIntervalMs;
  }

  /** The first subscription arrived. */
  abstract start(): void;
  /** The last subscription left. */
  abstract stop(): void;
  /** The subscription's next delivery, or undefined when it has nothing new. */
  abstract take(sub: Subscription): Delivery | undefined;

  /** A subscription joined; returns true when it should get the current value at the next frame. */
  attach(sub: Subscription): boolean {
    void sub;
    return false;
  }

  /** The session's token or language changed. */
  onSession(): void {}
  /** The page was hidden or shown. */
  onVisible(visible: boolean): void {
    void visible;
  }
  /** The socket went down (clear what would otherwise show stale). */
  onFeedDown(): void {}
  /** A socket reopened after a drop (fill what was missed). */
  onFeedReopened(): void {}
  /** The network is back (the browser said so, or the app reached its server again). */
  onOnline(): void {}

  /**
   * Marks every subscription dirty. `urgent` sends at the next frame even within `minIntervalMs`:
   * for a change that must not wait, like a book emptied because its socket dropped.
   */
  protected changed(urgent = false): void {
    this.ctx.markDirty(this.subs, urgent);
  }
}
