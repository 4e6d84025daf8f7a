/**
 * A stream fed by one poll loop (docs/product-rules.md#market-data). The loop runs while the stream has a
 * subscriber and its definition is enabled for the session, pauses while the page is hidden, and
 * restarts at once with the new token or language.
 */
import type { Session } from '../../../common/protocol.ts';
import { PollLoop } from '../transport/poll-loop.ts';
import { StreamSource, type Delivery, type EngineContext } from './stream-source.ts';

export interface PollDefinition<T> {
  name: string;
  intervalMs: number;
  /** Whether the loop may run for this session (e.g. only with a token). */
  enabled(session: Session): boolean;
  /** Emitted while the loop may not run, if defined (the notice banner gets null, hiding it). */
  inactiveValue?: T;
  /** Polls at once when the market socket reopens after a drop, so the value is as fresh as the live streams. */
  refreshOnReopen?: boolean;
  /** One request; undefined when there is nothing to emit (a failure already logged). */
  request(ctx: EngineContext, signal: AbortSignal): Promise<T | undefined>;
}

export class PollSource<T> extends StreamSource {
  private value: T | undefined;
  /** The value as JSON: an answer equal to the last one is not handed on, so the page does not render it again. */
  private valueText: string | undefined;
  private hasValue = false;
  private readonly loop: PollLoop<T>;

  constructor(
    ctx: EngineContext,
    private readonly definition: PollDefinition<T>,
    visible: boolean,
  ) {
    super(ctx);
    this.loop = new PollLoop<T>({
      name: definition.name,
      intervalMs: definition.intervalMs,
      request: (signal) => definition.request(ctx, signal),
      onValue: (value) => this.publish(value),
    });
    this.loop.setPaused(!visible);
  }

  /** Requests made so far (tests, bench). */
  get requests(): number {
    return this.loop.requests;
  }

  start(): void {
    this.apply(false);
  }

  stop(): void {
    this.loop.stop();
  }

  override onSession(): void {
    this.apply(true);
  }

  override onFeedReopened(): void {
    if (this.definition.refreshOnReopen) this.apply(true);
  }

  override onVisible(visible: boolean): void {
    this.loop.setPaused(!visible);
  }

  /** Requests that failed while offline are not left to wait out their interval. */
  override onOnline(): void {
    this.apply(true);
  }

  override attach(): boolean {
    return this.hasValue;
  }

  take(): Delivery | undefined {
    return this.hasValue ? { wire: this.value } : undefined;
  }

  private apply(restart: boolean): void {
    if (this.definition.enabled(this.ctx.session)) {
      if (restart) this.loop.restart();
      else this.loop.start();
      return;
    }
    this.loop.stop();
    if ('inactiveValue' in this.definition) this.publish(this.definition.inactiveValue as T);
  }

  private publish(value: T): void {
    const text = JSON.stringify(value);
    if (this.hasValue && text === this.valueText) return;
    this.value = value;
    this.valueText = text;
    this.hasValue = true;
    this.changed();
  }
}
