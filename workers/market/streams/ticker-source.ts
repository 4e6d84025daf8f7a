/** The live 24 h ticker of one pair, from the socket's `market.$symbol.detail` topic. */
import type { DaySummary } from '../../../common/protocol.ts';
import { summaryFrom } from '../normalize/market.ts';
import {
  PANEL_STREAM_MS,
  StreamSource,
  type Delivery,
  type FeedContext,
  type TopicHandler,
  type TopicPush,
} from './stream-source.ts';

export class TickerSource extends StreamSource implements TopicHandler {
  override readonly minIntervalMs = PANEL_STREAM_MS;
  private value: DaySummary | undefined;
  private readonly topic: string;

  constructor(
    protected override readonly ctx: FeedContext,
    private readonly symbol: string,
  ) {
    super(ctx);
    this.topic = `market.${symbol}.detail`;
  }

  start(): void {
    this.ctx.subscribeTopic(this.topic, this);
  }

  stop(): void {
    this.ctx.unsubscribeTopic(this.topic, this);
  }

  onPush(push: TopicPush): void {
    this.value = summaryFrom(this.symbol, push.ts, push.tick);
    this.changed();
  }

  override attach(): boolean {
    return this.value !== undefined;
  }

  take(): Delivery | undefined {
    return this.value ? { wire: this.value } : undefined;
  }
}
