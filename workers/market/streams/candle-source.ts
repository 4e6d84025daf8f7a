/**
 * Live candles of one pair and period: `market.$symbol.kline.$period` pushes on top of REST history
 * (GET /market/history/kline, spec §9: 200 bars). After a reconnect the bars missed while the socket
 * was down are fetched over REST from the last bar held, so the chart never shows a gap
 * (DESIGN.md §4.3). Subscriptions receive only the bars changed since their previous batch.
 */
import { CANDLE_HISTORY_CAP, type Candle, type CandlePeriod } from '../../shared/protocol.ts';
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

/** Spec §9: kline size 200 bars. */
export const HISTORY_BARS = 200;
/** Protocol §7: `size` is 1..2000. */
const MAX_REST_BARS = 2000;

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
  /** Bar times pushed live while a REST request was in the air: the push is newer than the answer. */
  private liveTimes = new Set<number>();

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
    this.bars = [];
  }

  onPush(push: TopicPush): void {
    const bar = candleFrom(push.tick);
    if (this.loading) this.liveTimes.add(bar.time);
    this.upsert(bar);
    this.touched(bar.time);
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
   * Loads history (first start) or the bars missed since the last one held (after a reconnect).
   * A gap longer than the REST limit reloads the recent history instead, replacing the old bars.
   */
  private async load(backfill: boolean): Promise<void> {
    if (this.ctx.replaying) return;
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    this.liveTimes = new Set();
    const lastHeld = this.bars.at(-1)?.time;
    let size = HISTORY_BARS;
    let tailOnly = false;
    if (backfill && lastHeld !== undefined) {
      const missed = Math.ceil((Date.now() / 1000 - lastHeld) / PERIOD_SECONDS[this.period]) + 2;
      if (missed <= MAX_REST_BARS) {
        size = Math.max(2, missed);
        tailOnly = true;
      }
    }
    let fetched: Candle[];
    try {
      const query = { symbol: this.symbol, period: this.period, size };
      const text = await getText(this.ctx.fetch, this.ctx.marketBase, '/market/history/kline', query, controller.signal);
      fetched = candlesFromRest(restBody(text));
    } catch (error) {
      if (!controller.signal.aborted) {
        console.warn(`[market] kline history ${this.topic} failed:`, error instanceof Error ? error.message : error);
      }
      if (this.loading === controller) this.loading = undefined;
      return;
    }
    if (this.loading !== controller) return;
    this.loading = undefined;
    const live = this.liveTimes;
    if (tailOnly && lastHeld !== undefined) {
      const missed = fetched.filter((bar) => bar.time >= lastHeld && !live.has(bar.time));
      for (const bar of missed) this.upsert(bar);
      if (missed[0]) this.touched(missed[0].time);
      return;
    }
    const kept = this.bars.filter((bar) => live.has(bar.time));
    this.bars = fetched.slice(-CANDLE_HISTORY_CAP);
    for (const bar of kept) this.upsert(bar);
    for (const sub of this.subs) (sub.cursor as CandleCursor).reset = true;
    this.changed();
  }

  /** Inserts or replaces a bar by time, keeping the order and the cap. */
  private upsert(bar: Candle): void {
    const bars = this.bars;
    let index = bars.length - 1;
    while (index >= 0 && (bars[index] as Candle).time > bar.time) index--;
    if (index >= 0 && (bars[index] as Candle).time === bar.time) bars[index] = bar;
    else bars.splice(index + 1, 0, bar);
    if (bars.length > CANDLE_HISTORY_CAP) bars.splice(0, bars.length - CANDLE_HISTORY_CAP);
  }

  private touched(time: number): void {
    for (const sub of this.subs) {
      const cursor = sub.cursor as CandleCursor;
      cursor.from = Math.min(cursor.from, time);
    }
    this.changed();
  }
}
