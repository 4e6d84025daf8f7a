/**
 * Live candles of one pair and period: `market.$symbol.kline.$period` pushes on top of REST history
 * (GET /market/history/kline, docs/product-rules.md#market-data: 200 bars). Subscriptions receive only the bars changed since
 * their previous batch.
 *
 * Closed bars equal the server's history. An HTX-style feed pushes the open bar at
 * intervals (the reference server once a second), so the last push of a bar never carries the
 * trades of its last moments, and a feed stall across the close loses more of them. A bar is
 * therefore "settled" only when a REST answer brought it with a later bar after it (the server had
 * closed it); a pushed bar, or the newest bar of an answer, is not. Once a newer bar shows that an
 * unsettled bar has closed, the bars from it on are fetched again (SETTLE_MS later). After a
 * reconnect the bars missed while the socket was down are fetched from the oldest unsettled bar or
 * the last bar held, so the chart never shows a gap (docs/architecture.md#reconnect-and-backfill) and no bar keeps a close the
 * server never ended it with. Closing is judged from the bars themselves, never from the clock, so
 * a replayed recording with old bar times behaves the same.
 */
import { CANDLE_HISTORY_CAP, type Candle, type CandlePeriod } from '../../../common/protocol.ts';
import { candleFrom, candlesFromRest, restBody } from '../normalize/market.ts';
import { getText } from '../transport/http.ts';
import {
  StreamSource,
  type Delivery,
  type FeedContext,
  type Subscription,
  type TopicHandler,
  type TopicPush,
  SLOW_STREAM_MS,
} from './stream-source.ts';

/** docs/product-rules.md#market-data: kline size 200 bars. */
export const HISTORY_BARS = 200;
/** Protocol §7: `size` is 1..2000. */
const MAX_REST_BARS = 2000;
/** How long after a close shows (a newer bar arrived) its bar is fetched again: the server has ended it by then. */
export const SETTLE_MS = 1_000;
/** How long after a failed refresh it is tried again. */
export const SETTLE_RETRY_MS = 5_000;

/** Seconds per bar (a month and a year at their longest, so a backfill never asks for too few). */
export const PERIOD_SECONDS: Record<CandlePeriod, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '4hour': 14_400,
  '1day': 86_400,
  '1week': 604_800,
  '1mon': 2_678_400,
  '1year': 31_622_400,
};

interface CandleCursor {
  /** Send the whole series next. */
  reset: boolean;
  /** Earliest bar time changed since the last batch. */
  from: number;
}

export class CandleSource extends StreamSource implements TopicHandler {
  override readonly minIntervalMs = SLOW_STREAM_MS;
  /** Bars oldest first, at most CANDLE_HISTORY_CAP. */
  bars: Candle[] = [];
  private readonly topic: string;
  private loading: AbortController | undefined;
  /** Bar times pushed live while a REST request was in the air: the push is newer than the answer's open bar. */
  private liveTimes = new Set<number>();
  /** Times of held bars that may not be in their final state (pushed, or the newest bar of an answer). */
  private readonly unsettled = new Set<number>();
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    protected override readonly ctx: FeedContext,
    private readonly symbol: string,
    private readonly period: CandlePeriod,
  ) {
    super(ctx);
    this.topic = `market.${symbol}.kline.${period}`;
  }

  start(): void {
    this.ctx.subscribeTopic(this.topic, this);
    void this.load(false);
  }

  stop(): void {
    this.ctx.unsubscribeTopic(this.topic, this);
    this.loading?.abort();
    this.loading = undefined;
    this.clearSettleTimer();
    this.bars = [];
    this.unsettled.clear();
  }

  onPush(push: TopicPush): void {
    const bar = candleFrom(push.tick);
    // Bars only move forward (a late update of the bar that has just closed aside); an older one
    // means the feed started over (a replayed recording looping, server/src/feed/README.md): a new
    // series, so the history is loaded again.
    const floor = (this.bars.at(-2) ?? this.bars.at(-1))?.time;
    if (floor !== undefined && bar.time < floor) void this.load(false);
    if (this.loading) this.liveTimes.add(bar.time);
    this.upsert(bar);
    this.unsettled.add(bar.time);
    this.touched(bar.time);
    this.settleLater(SETTLE_MS);
  }

  override onFeedReopened(): void {
    void this.load(true);
  }

  override attach(sub: Subscription): boolean {
    sub.cursor = { reset: true, from: Number.POSITIVE_INFINITY } satisfies CandleCursor;
    return this.bars.length > 0;
  }

  take(sub: Subscription): Delivery | undefined {
    const cursor = sub.cursor as CandleCursor;
    const reset = cursor.reset;
    const from = cursor.from;
    cursor.reset = false;
    cursor.from = Number.POSITIVE_INFINITY;
    if (this.bars.length === 0) return undefined;
    if (reset) return { wire: { reset: true, bars: this.bars.slice() } };
    const index = this.bars.findIndex((bar) => bar.time >= from);
    if (index < 0) return undefined;
    return { wire: { reset: false, bars: this.bars.slice(index) } };
  }

  /**
   * Loads history (first start) or, with `since`, the bars from the oldest unsettled one or the
   * last one held on (after a reconnect, or once an unsettled bar has closed). A range longer than
   * the REST limit reloads the recent history instead, replacing the old bars.
   */
  private async load(since: boolean): Promise<void> {
    if (this.ctx.replaying) return;
    this.loading?.abort();
    this.clearSettleTimer();
    const controller = new AbortController();
    this.loading = controller;
    this.liveTimes = new Set();
    let from = since ? this.refetchFrom() : undefined;
    let size = HISTORY_BARS;
    if (from !== undefined) {
      const start = from;
      const held = this.bars.length - this.bars.findIndex((bar) => bar.time >= start);
      const lastHeld = (this.bars.at(-1) as Candle).time;
      const missed = Math.max(0, Math.ceil((Date.now() / 1000 - lastHeld) / PERIOD_SECONDS[this.period]));
      size = held + missed + 2;
      if (size > MAX_REST_BARS) {
        size = HISTORY_BARS;
        from = undefined;
      }
    }
    let fetched: Candle[];
    try {
      const query = { symbol: this.symbol, period: this.period, size };
      const text = await getText(
        this.ctx.fetch,
        this.ctx.marketBase,
        '/market/history/kline',
        query,
        controller.signal,
      );
      fetched = candlesFromRest(restBody(text));
    } catch (error) {
      if (this.loading !== controller) return;
      this.loading = undefined;
      console.warn(`[market] kline history ${this.topic} failed:`, error instanceof Error ? error.message : error);
      this.settleLater(SETTLE_RETRY_MS);
      return;
    }
    if (this.loading !== controller) return;
    this.loading = undefined;
    const oldest = fetched[0];
    // An answer that does not reach back to `from` would leave a gap: take it as the history instead.
    if (from !== undefined && oldest && oldest.time <= from) this.mergeSince(fetched, from);
    else this.replaceHistory(fetched);
    // A server whose newest bar is older than one already pushed has not caught up: ask less often.
    const caughtUp =
      (fetched.at(-1)?.time ?? Number.NEGATIVE_INFINITY) >= (this.bars.at(-1)?.time ?? Number.NEGATIVE_INFINITY);
    this.settleLater(caughtUp ? SETTLE_MS : SETTLE_RETRY_MS);
  }

  /** Where a refetch starts: the oldest unsettled bar, or the last bar held; undefined with no bars. */
  private refetchFrom(): number | undefined {
    const last = this.bars.at(-1)?.time;
    if (last === undefined) return undefined;
    let from = last;
    for (const time of this.unsettled) if (time < from) from = time;
    return from;
  }

  /**
   * Takes an answer's bars from `from` on. A bar with a later one after it in the answer is closed
   * and final: it replaces whatever was held. The answer's newest bar may still be open: a push of
   * it that arrived meanwhile is newer and stays.
   */
  private mergeSince(fetched: Candle[], from: number): void {
    const newest = fetched.at(-1) as Candle;
    let changedFrom = Number.POSITIVE_INFINITY;
    for (const bar of fetched) {
      if (bar.time < from) continue;
      const open = bar === newest;
      if (open && this.liveTimes.has(bar.time)) continue;
      if (!open) this.unsettled.delete(bar.time);
      if (this.upsert(bar)) changedFrom = Math.min(changedFrom, bar.time);
    }
    this.unsettled.add(newest.time);
    // A held bar inside the answer's range that the answer lacks is not on the server: keep it as it is.
    for (const time of this.unsettled) if (time >= from && time < newest.time) this.unsettled.delete(time);
    if (changedFrom !== Number.POSITIVE_INFINITY) this.touched(changedFrom);
  }

  /** A first (or too distant) load: the answer becomes the series, with the bars pushed meanwhile on top. */
  private replaceHistory(fetched: Candle[]): void {
    const live = this.liveTimes;
    const kept = this.bars.filter((bar) => live.has(bar.time));
    this.bars = fetched.slice(-CANDLE_HISTORY_CAP);
    this.unsettled.clear();
    const newest = this.bars.at(-1);
    if (newest) this.unsettled.add(newest.time);
    for (const bar of kept) {
      this.upsert(bar);
      this.unsettled.add(bar.time);
    }
    for (const sub of this.subs) (sub.cursor as CandleCursor).reset = true;
    this.changed();
  }

  /**
   * Fetches the bars again `delayMs` from now when an unsettled bar has closed, that is when a newer
   * bar is held. Nothing happens while a load is in the air (its end calls this again) or a refresh
   * is already due.
   */
  private settleLater(delayMs: number): void {
    if (this.ctx.replaying || this.loading || this.settleTimer !== undefined) return;
    const newest = this.bars.at(-1)?.time;
    if (newest === undefined || ![...this.unsettled].some((time) => time < newest)) return;
    this.settleTimer = setTimeout(() => {
      this.settleTimer = undefined;
      void this.load(true);
    }, delayMs);
  }

  private clearSettleTimer(): void {
    if (this.settleTimer !== undefined) clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
  }

  /** Inserts or replaces a bar by time, keeping the order and the cap; false when an equal bar was held. */
  private upsert(bar: Candle): boolean {
    const bars = this.bars;
    let index = bars.length - 1;
    while (index >= 0 && (bars[index] as Candle).time > bar.time) index--;
    const held = bars[index];
    if (held && held.time === bar.time) {
      if (sameBar(held, bar)) return false;
      bars[index] = bar;
    } else bars.splice(index + 1, 0, bar);
    if (bars.length > CANDLE_HISTORY_CAP) {
      for (const dropped of bars.splice(0, bars.length - CANDLE_HISTORY_CAP)) this.unsettled.delete(dropped.time);
    }
    return true;
  }

  private touched(time: number): void {
    for (const sub of this.subs) {
      const cursor = sub.cursor as CandleCursor;
      cursor.from = Math.min(cursor.from, time);
    }
    this.changed();
  }
}

function sameBar(a: Candle, b: Candle): boolean {
  return (
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.amount === b.amount &&
    a.vol === b.vol &&
    a.count === b.count
  );
}
