/**
 * Plays a recorded session into the engine at a chosen speed, with no server (QA reproduces a
 * market bug exactly). Server frames are handed over at their recorded offsets divided by the
 * speed; a `connect` line after the first stands for a reconnect.
 */
import type { TranscriptLine } from './transcript.ts';

export interface ReplayHandlers {
  /** One server frame's text. */
  onFrame(text: string): void;
  /** The recording reconnected here. */
  onReconnect(): void;
  /** Every line was played. */
  onEnd(): void;
}

export class ReplayPlayer {
  private next = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private startedAt = 0;
  private connects = 0;

  constructor(
    private readonly lines: readonly TranscriptLine[],
    private readonly speed: number,
    private readonly handlers: ReplayHandlers,
  ) {
    if (!(speed > 0) || !Number.isFinite(speed))
      throw new RangeError(`replay speed must be a positive number, got ${speed}`);
  }

  start(): void {
    this.startedAt = Date.now();
    this.pump();
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  get done(): boolean {
    return this.next >= this.lines.length;
  }

  /** Plays every line that is due, then waits for the next one. */
  private pump(): void {
    this.timer = undefined;
    const origin = this.lines[0]?.t ?? 0;
    const elapsed = Date.now() - this.startedAt;
    while (this.next < this.lines.length) {
      const line = this.lines[this.next] as TranscriptLine;
      const due = ((line.t - origin) * 1000) / this.speed;
      if (due > elapsed) {
        this.timer = setTimeout(() => this.pump(), due - elapsed);
        return;
      }
      this.next++;
      if (line.dir === 'server->client') this.handlers.onFrame(line.frame);
      else if (line.dir === 'connect' && this.connects++ > 0) this.handlers.onReconnect();
    }
    this.handlers.onEnd();
  }
}
