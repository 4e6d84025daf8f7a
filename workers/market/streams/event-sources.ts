/** Streams that carry engine events rather than market data. */
import type { FeedStatus } from '../../../common/protocol.ts';
import { StreamSource, type Delivery } from './stream-source.ts';

/**
 * The 401 messages of every poll (docs/product-rules.md#calls-and-answers). An event stream: a subscription only hears 401s that
 * happen after it joined, so a screen opened later is not sent to /login for an old answer.
 */
export class SessionExpiredSource extends StreamSource {
  private message = '';

  start(): void {}
  stop(): void {}

  /** A poll answered 401 with this message. */
  emit(message: string): void {
    this.message = message;
    this.changed();
  }

  take(): Delivery {
    return { wire: this.message };
  }
}

/** The socket's state and counters; re-sent when they change. */
export class FeedStatusSource extends StreamSource {
  constructor(
    ctx: ConstructorParameters<typeof StreamSource>[0],
    private readonly read: () => FeedStatus,
  ) {
    super(ctx);
  }

  start(): void {}
  stop(): void {}

  /** The engine calls this when the socket's state or counters changed. */
  update(): void {
    this.changed();
  }

  override attach(): boolean {
    return true;
  }

  take(): Delivery {
    return { wire: this.read() };
  }
}
