import type { Clock } from '../clock.ts';
import type { FeedSource, Publisher, TradeListener } from '../types.ts';
import { ReplayState, type ReplayMessage } from './replay-state.ts';
import { SERVER_TO_CLIENT, type TranscriptLine } from './transcript.ts';

/** Pause between the end of a loop and the start of the next (recording time). */
const LOOP_GAP_MS = 1000;

export interface ReplayOptions {
  /** 2 = twice as fast as recorded. */
  speed: number;
  loop: boolean;
}

/** The server messages of a transcript worth replaying: pushes and `rep` answers (snapshots). */
export function replayMessages(lines: readonly TranscriptLine[]): { messages: ReplayMessage[]; skipped: number } {
  const messages: ReplayMessage[] = [];
  let skipped = 0;
  let origin: number | undefined;
  for (const line of lines) {
    if (line.dir !== SERVER_TO_CLIENT || line.frame === undefined) continue;
    let body: unknown;
    try {
      body = JSON.parse(line.frame);
    } catch {
      skipped++;
      continue;
    }
    const record = body as { ch?: unknown; tick?: unknown; rep?: unknown; data?: unknown; status?: unknown } | null;
    const isPush = typeof record?.ch === 'string' && record.tick !== undefined;
    const isRep = typeof record?.rep === 'string' && record.status === 'ok' && record.data !== undefined;
    if (!isPush && !isRep) continue;
    origin ??= line.t;
    messages.push({
      offsetMs: Math.max(0, (line.t - origin) * 1000),
      kind: isPush ? 'push' : 'rep',
      topic: (isPush ? record?.ch : record?.rep) as string,
      json: line.frame,
    });
  }
  return { messages, skipped };
}

/**
 * Replays a recorded session: each push goes out at its recorded time after the start, divided by
 * the speed, byte for byte as recorded (re-gzipped); in order, looping if asked. The replay starts
 * when the feed starts; `restart` starts it over (a test control). Each loop is the recording again
 * as it was, so its mbp chain, kline ids, trade ids and timestamps start over (README: "Looping").
 */
export class ReplayFeed implements FeedSource {
  readonly kind = 'replay';
  readonly data: ReplayState;
  /** Frames of the file that were not JSON and were skipped. */
  readonly skipped: number;
  onTrade: TradeListener | undefined;
  private readonly messages: ReplayMessage[];
  private readonly loopMs: number;
  private speed: number;
  private beginAt = 0;
  private index = 0;
  private round = 0;
  private publisher: Publisher | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    lines: readonly TranscriptLine[],
    private readonly options: ReplayOptions,
    private readonly clock: Clock,
  ) {
    if (!(options.speed > 0)) throw new Error(`replay speed must be above 0, got ${options.speed}`);
    const { messages, skipped } = replayMessages(lines);
    if (!messages.some((m) => m.kind === 'push')) throw new Error('the replay file holds no market pushes');
    this.messages = messages;
    this.skipped = skipped;
    this.speed = options.speed;
    this.loopMs = (messages[messages.length - 1] as ReplayMessage).offsetMs + LOOP_GAP_MS;
    this.data = new ReplayState(messages);
  }

  start(publisher: Publisher): void {
    this.publisher = publisher;
    this.beginAt = this.clock.now();
    this.pump();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.publisher = undefined;
  }

  /** Starts the session over from its first message. */
  restart(): void {
    this.beginAt = this.clock.now();
    this.index = 0;
    this.round = 0;
    this.pump();
  }

  /** Flood multiplies the replay speed, keeping the current position. */
  setFlood(factor: number): void {
    const now = this.clock.now();
    const position = (now - this.beginAt) * this.speed;
    this.speed = this.options.speed * factor;
    this.beginAt = now - position / this.speed;
    this.pump();
  }

  /** Whether every message has been delivered (never true when looping). */
  get finished(): boolean {
    return !this.options.loop && this.index >= this.messages.length;
  }

  /** Delivers every message that is due, then waits for the next one. */
  pump(): void {
    const now = this.clock.now();
    while (!this.finished) {
      const due = this.dueAt(this.index);
      if (due > now) break;
      if (this.index === 0) this.data.startRound();
      this.deliver(this.messages[this.index] as ReplayMessage, due);
      this.index++;
      if (this.index >= this.messages.length && this.options.loop) {
        this.index = 0;
        this.round++;
      }
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.finished && this.publisher) {
      this.timer = setTimeout(() => this.pump(), Math.max(0, this.dueAt(this.index) - now));
      this.timer.unref();
    }
  }

  private dueAt(index: number): number {
    const message = this.messages[index] as ReplayMessage;
    return this.beginAt + (this.round * this.loopMs + message.offsetMs) / this.speed;
  }

  private deliver(message: ReplayMessage, due: number): void {
    const trades = this.data.apply(message, due);
    if (trades && this.onTrade) this.onTrade(trades.symbol, trades.group, due);
    if (message.kind === 'push' && this.publisher?.wants(message.topic))
      this.publisher.publish(message.topic, message.json);
  }
}
