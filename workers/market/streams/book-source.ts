/**
 * The live order book of one pair from `market.$symbol.depth.step$N` (full snapshots about once a
 * second, protocol §6: step0 up to 150 levels, the grouped steps 1-5 up to 20). Each book subscription gets its own top-N
 * copy as two transferred Float64Arrays; a depth subscription gets the depth chart's curve of every level. When the socket drops the book is emptied at once, so no ghost levels
 * stay on screen while the engine reconnects (docs/architecture.md#reconnect-and-backfill).
 */
import type { Book, StreamKey } from '../../../common/protocol.ts';
import { depthCurve } from '../../../common/depth-curve.ts';
import { bookFrom, type BookSnapshot } from '../normalize/market.ts';
import {
  DEPTH_STREAM_MS,
  PANEL_STREAM_MS,
  StreamSource,
  type Delivery,
  type FeedContext,
  type Subscription,
  type TopicHandler,
  type TopicPush,
} from './stream-source.ts';

/** Rows per side when the key names none (the bench's 20 + 20 book). */
export const DEFAULT_BOOK_LEVELS = 20;
/** depth.step0 sends at most 150 levels per side. */
export const MAX_BOOK_LEVELS = 150;

/** The rows per side a book key asks for, within 1..150. */
export function bookLevels(key: StreamKey): number {
  const levels = key.kind === 'book' && key.levels !== undefined ? Math.floor(key.levels) : DEFAULT_BOOK_LEVELS;
  return Math.min(MAX_BOOK_LEVELS, Math.max(1, Number.isFinite(levels) ? levels : DEFAULT_BOOK_LEVELS));
}

export class BookSource extends StreamSource implements TopicHandler {
  /**
   * A book batch redraws the rows and the depth chart: at frame rate that cost 60 redraws a second
   * under a 250 msg/s feed (the bench: the main thread saturated at 4x throttle). At the panels'
   * calm cadence the latest book is kept and drawn five times a second, with the tape and prices.
   */
  override readonly minIntervalMs = PANEL_STREAM_MS;
  /** The depth chart's curve comes at half the book's cadence (DEPTH_STREAM_MS), in a batch with it. */
  override intervalOf(sub: Subscription): number {
    return sub.key.kind === 'depth' ? DEPTH_STREAM_MS : this.minIntervalMs;
  }
  private snapshot: BookSnapshot | undefined;
  private readonly topic: string;

  constructor(
    protected override readonly ctx: FeedContext,
    private readonly symbol: string,
    step = 0,
  ) {
    super(ctx);
    this.topic = `market.${symbol}.depth.step${step}`;
  }

  start(): void {
    this.ctx.subscribeTopic(this.topic, this);
  }

  stop(): void {
    this.ctx.unsubscribeTopic(this.topic, this);
    this.snapshot = undefined;
  }

  onPush(push: TopicPush): void {
    this.snapshot = bookFrom(push.tick, push.ts);
    this.changed();
  }

  override onFeedDown(): void {
    if (!this.snapshot) return;
    this.snapshot = { ts: Date.now(), bids: new Float64Array(0), asks: new Float64Array(0) };
    this.changed(true);
  }

  override attach(): boolean {
    return this.snapshot !== undefined;
  }

  take(sub: Subscription): Delivery | undefined {
    if (!this.snapshot) return undefined;
    if (sub.key.kind === 'depth') {
      // The depth chart gets its curve from every level, at its own resolution: the page only draws.
      // depthCurve makes new arrays, so transferring them leaves the snapshot whole.
      const curve = depthCurve({ symbol: this.symbol, ...this.snapshot }, sub.key.points);
      return { wire: curve, transfer: [curve.bids.buffer, curve.asks.buffer] };
    }
    const values = bookLevels(sub.key) * 2;
    const book: Book = {
      symbol: this.symbol,
      ts: this.snapshot.ts,
      bids: this.snapshot.bids.slice(0, values),
      asks: this.snapshot.asks.slice(0, values),
    };
    return { wire: book, transfer: [book.bids.buffer, book.asks.buffer] };
  }
}
