/**
 * The fault soak's witness: its own connection to the server's market feed, speaking the
 * HTX protocol like the app, that keeps what the server pushed and when. The server drops and stalls
 * it with every other socket; it reconnects at once. The soak asks it two things: the exact book the
 * server pushed with a given `ts` (so a UI book can be compared level by level with the push it came
 * from), and whether a push was made after a fault (for a replay, whose `ts` are the recording's).
 * The push a server sends right after a `sub` ack repeats its last one (for a replay, byte for
 * byte): the witness keeps it for the comparison but does not count it as pushed at that time.
 */
import { gunzipSync } from 'node:zlib';
import WebSocket, { type RawData } from 'ws';
import type { Levels } from './compare.ts';

/** How long pushes are kept, ms: longer than any fault and its recovery. */
const KEEP_MS = 5 * 60_000;

interface Seen {
  ts: number;
  /** When the witness received it last (a looping replay repeats a ts). */
  at: number;
  /** The server's answer to a `sub`: its last push again, not a push made at `at`. */
  repeated: boolean;
}

interface DepthSeen extends Seen {
  bids: Levels;
  asks: Levels;
}

export class FeedWitness {
  private socket: WebSocket | undefined;
  private closed = false;
  private nextId = 1;
  private readonly depth: DepthSeen[] = [];
  private readonly detail: Seen[] = [];
  /** When a kline bar of each topic was first seen (for the bar phase). */
  private readonly barStarts = new Map<string, { id: number; at: number }[]>();
  /** The topic just acknowledged: the next message, if a push of it, is the repeated last push. */
  private ackedTopic: string | undefined;

  constructor(
    private readonly url: string,
    private readonly topics: readonly string[],
  ) {}

  /** Connects; resolves once the first socket is open and subscribed. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.connect(resolve, reject);
    });
  }

  stop(): void {
    this.closed = true;
    this.socket?.terminate();
  }

  /** The depth push with exactly this `ts`, if the witness received one (the newest such). */
  depthAt(ts: number): DepthSeen | undefined {
    for (let i = this.depth.length - 1; i >= 0; i--) if ((this.depth[i] as DepthSeen).ts === ts) return this.depth[i];
    return undefined;
  }

  /** Whether the server pushed a depth (or detail) snapshot with this `ts` at or after `since`. */
  pushedSince(kind: 'depth' | 'detail', ts: number, since: number): boolean {
    const list = kind === 'depth' ? this.depth : this.detail;
    for (let i = list.length - 1; i >= 0; i--) {
      const seen = list[i] as Seen;
      if (seen.at < since) return false;
      if (seen.ts === ts && !seen.repeated) return true;
    }
    return false;
  }

  /** Times (epoch ms) at which a new bar of `topic` was first pushed, oldest first. */
  barStartTimes(topic: string): number[] {
    return (this.barStarts.get(topic) ?? []).map((start) => start.at);
  }

  private connect(onOpen?: () => void, onError?: (error: Error) => void): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.on('open', () => {
      for (const topic of this.topics) socket.send(JSON.stringify({ sub: topic, id: String(this.nextId++) }));
      onOpen?.();
    });
    socket.on('message', (raw: RawData) => this.receive(socket, raw));
    socket.on('error', (error) => {
      if (onError) onError(error);
    });
    socket.on('close', () => {
      if (!this.closed && this.socket === socket) setTimeout(() => this.connect(), 50);
    });
  }

  private receive(socket: WebSocket, raw: RawData): void {
    const bytes = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
    const message = JSON.parse(gunzipSync(bytes).toString('utf8')) as {
      ping?: number;
      subbed?: string;
      ch?: string;
      ts?: number;
      tick?: Record<string, unknown>;
    };
    const acked = this.ackedTopic;
    this.ackedTopic = message.subbed;
    if (message.ping !== undefined) {
      socket.send(`{"pong":${message.ping}}`);
      return;
    }
    const { ch, tick } = message;
    if (!ch || !tick) return;
    const at = Date.now();
    const repeated = ch === acked;
    if (ch.includes('.depth.')) {
      this.depth.push({ ts: tick.ts as number, at, repeated, bids: tick.bids as Levels, asks: tick.asks as Levels });
      trim(this.depth, at);
    } else if (/^market\.[a-z0-9]+\.detail$/.test(ch)) {
      this.detail.push({ ts: message.ts as number, at, repeated });
      trim(this.detail, at);
    } else if (ch.includes('.kline.')) {
      let starts = this.barStarts.get(ch);
      if (!starts) this.barStarts.set(ch, (starts = []));
      const id = tick.id as number;
      if (starts.at(-1)?.id !== id) starts.push({ id, at });
    }
  }
}

function trim(list: Seen[], now: number): void {
  let drop = 0;
  while (drop < list.length && (list[drop] as Seen).at < now - KEEP_MS) drop++;
  if (drop > 0) list.splice(0, drop);
}
