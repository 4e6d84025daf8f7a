/**
 * The trade tape of one pair: REST history (GET /market/history/trade, docs/product-rules.md#market-data: size 100) plus
 * `market.$symbol.trade.detail` pushes, newest first, keyed by `tradeId` (the 27-digit `id` loses
 * digits as a double and is never used). After a reconnect the history is fetched again and merged,
 * so trades missed while the socket was down appear too.
 */
import { TRADE_TAPE_SIZE, type Trade } from '../../../common/protocol.ts';
import { restBody, tradesFrom, tradesFromRest } from '../normalize/market.ts';
import { getText } from '../transport/http.ts';
import {
  StreamSource,
  type Delivery,
  type FeedContext,
  type Subscription,
  type TopicHandler,
  type TopicPush,
  PANEL_STREAM_MS,
} from './stream-source.ts';

interface TradeCursor {
  reset: boolean;
  /** Trades added at the head since the last batch. */
  fresh: number;
}

export class TradeSource extends StreamSource implements TopicHandler {
  override readonly minIntervalMs = PANEL_STREAM_MS;
  /** Newest first, at most TRADE_TAPE_SIZE. */
  tape: Trade[] = [];
  private ids = new Set<string>();
  private readonly topic: string;
  private loading: AbortController | undefined;

  constructor(
    protected override readonly ctx: FeedContext,
    private readonly symbol: string,
  ) {
    super(ctx);
    this.topic = `market.${symbol}.trade.detail`;
  }

  start(): void {
    this.ctx.subscribeTopic(this.topic, this);
    void this.load();
  }

  stop(): void {
    this.ctx.unsubscribeTopic(this.topic, this);
    this.loading?.abort();
    this.loading = undefined;
    this.tape = [];
    this.ids.clear();
  }

  onPush(push: TopicPush): void {
    const incoming = tradesFrom(push.tick).filter((trade) => !this.ids.has(trade.tradeId));
    if (incoming.length === 0) return;
    const head = this.tape[0];
    if (head && incoming.some((trade) => trade.ts < head.ts)) return this.merge(incoming);
    this.tape.unshift(...incoming);
    for (const trade of incoming) this.ids.add(trade.tradeId);
    this.trim();
    for (const sub of this.subs) (sub.cursor as TradeCursor).fresh += incoming.length;
    this.changed();
  }

  override onFeedReopened(): void {
    void this.load();
  }

  override attach(sub: Subscription): boolean {
    sub.cursor = { reset: true, fresh: 0 } satisfies TradeCursor;
    return this.tape.length > 0;
  }

  take(sub: Subscription): Delivery | undefined {
    const cursor = sub.cursor as TradeCursor;
    const { reset, fresh } = cursor;
    cursor.reset = false;
    cursor.fresh = 0;
    if (reset) return this.tape.length > 0 ? { wire: { reset: true, trades: this.tape.slice() } } : undefined;
    if (fresh === 0) return undefined;
    return { wire: { reset: false, trades: this.tape.slice(0, Math.min(fresh, this.tape.length)) } };
  }

  private async load(): Promise<void> {
    if (this.ctx.replaying) return;
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    try {
      const query = { symbol: this.symbol, size: TRADE_TAPE_SIZE };
      const text = await getText(
        this.ctx.fetch,
        this.ctx.marketBase,
        '/market/history/trade',
        query,
        controller.signal,
      );
      const history = tradesFromRest(restBody(text));
      if (this.loading === controller) this.merge(history.filter((trade) => !this.ids.has(trade.tradeId)));
    } catch (error) {
      if (!controller.signal.aborted) {
        console.warn(`[market] trade history ${this.topic} failed:`, error instanceof Error ? error.message : error);
      }
    } finally {
      if (this.loading === controller) this.loading = undefined;
    }
  }

  /** Merges trades into the tape by time (stable, newest first) and resends it whole. */
  private merge(trades: Trade[]): void {
    if (trades.length === 0) return;
    this.tape = [...trades, ...this.tape].sort((a, b) => b.ts - a.ts);
    this.ids = new Set(this.tape.map((trade) => trade.tradeId));
    this.trim();
    for (const sub of this.subs) (sub.cursor as TradeCursor).reset = true;
    this.changed();
  }

  private trim(): void {
    while (this.tape.length > TRADE_TAPE_SIZE) this.ids.delete((this.tape.pop() as Trade).tradeId);
  }
}
