/**
 * One polling loop of docs/product-rules.md#market-data (docs/architecture.md#poll-loops): single-flight (never two requests of one loop in
 * the air), its interval kept from one request's start to the next, stopped when nothing needs it,
 * paused while the page is hidden. Each request times out after 15 s (docs/product-rules.md#market-data).
 */

/** docs/product-rules.md#market-data: request time-out. */
export const REQUEST_TIMEOUT_MS = 15_000;

export interface PollLoopOptions<T> {
  /** For log lines. */
  name: string;
  intervalMs: number;
  /** One request; resolves to the value to emit, or undefined when there is nothing to emit. */
  request: (signal: AbortSignal) => Promise<T | undefined>;
  onValue: (value: T) => void;
  timeoutMs?: number;
}

export class PollLoop<T> {
  private running = false;
  private paused = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;
  private lastStart = Number.NEGATIVE_INFINITY;
  /** Requests started so far (for tests and the bench). */
  requests = 0;

  constructor(private readonly options: PollLoopOptions<T>) {}

  /** Starts polling now (no-op when already running). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.lastStart = Number.NEGATIVE_INFINITY;
    this.schedule();
  }

  /** Stops polling and abandons the request in the air. */
  stop(): void {
    this.running = false;
    this.clearTimer();
    this.inFlight?.abort();
    this.inFlight = undefined;
  }

  /** Drops the request in the air and polls again at once (the session's token or language changed). */
  restart(): void {
    this.stop();
    this.start();
  }

  /** While paused no request starts; resuming polls as soon as the interval since the last start allows. */
  setPaused(paused: boolean): void {
    if (this.paused === paused) return;
    this.paused = paused;
    if (paused) this.clearTimer();
    else this.schedule();
  }

  get isRunning(): boolean {
    return this.running;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (!this.running || this.paused || this.inFlight || this.timer !== undefined) return;
    const wait = Math.max(0, this.lastStart + this.options.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.tick();
    }, wait);
  }

  private async tick(): Promise<void> {
    if (!this.running || this.paused || this.inFlight) return;
    const controller = new AbortController();
    this.inFlight = controller;
    this.lastStart = Date.now();
    this.requests++;
    const timeout = setTimeout(() => controller.abort(), this.options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    try {
      const value = await this.options.request(controller.signal);
      if (!controller.signal.aborted && value !== undefined) this.options.onValue(value);
    } catch (error) {
      if (!controller.signal.aborted || this.inFlight === controller) {
        console.warn(`[market] poll ${this.options.name} failed:`, error instanceof Error ? error.message : error);
      }
    } finally {
      clearTimeout(timeout);
      if (this.inFlight === controller) this.inFlight = undefined;
      this.schedule();
    }
  }
}
