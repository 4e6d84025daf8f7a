import type { RawData, WebSocket } from 'ws';
import { encodeRep, encodeSubAck, encodeUnsubAck, encodeWsError } from './encode.ts';
import { gzipFrame } from './frame.ts';
import { answerReq } from './requests.ts';
import { parseTopic } from './topics.ts';
import type { MarketData } from './types.ts';

/** Two `req`s on one connection must be at least this far apart (HTX: 单个连接每两次请求不能小于100ms). */
export const REQ_MIN_GAP_MS = 100;
/** A client that lets this much output pile up is too slow to serve; it is disconnected. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
const BINARY = { binary: true } as const;
/** How long a closing socket may take to answer the close frame before it is dropped. */
const CLOSE_GRACE_MS = 2000;

/** What a connection needs from the hub that owns it. */
export interface ConnectionContext {
  readonly data: MarketData;
  now(): number;
  readonly pingMs: number;
  readonly maxMissedPings: number;
  /** While the feed is stalled the server sends nothing of its own accord (no pushes, no pings). */
  isStalled(): boolean;
  subscribe(connection: FeedConnection, topic: string): void;
  unsubscribe(connection: FeedConnection, topic: string): void;
  closed(connection: FeedConnection): void;
}

type Message = Record<string, unknown>;

/**
 * One client socket speaking the HTX market protocol: heartbeat, sub/unsub/req, error frames. A bad
 * message never closes the connection; only missed pongs or a broken frame (over the size limit,
 * not WebSocket) do.
 */
export class FeedConnection {
  readonly topics = new Set<string>();
  private readonly pings: number[] = [];
  private missed = 0;
  private lastPing = 0;
  private lastReqAt = Number.NEGATIVE_INFINITY;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    readonly socket: WebSocket,
    private readonly ctx: ConnectionContext,
  ) {
    this.heartbeat = setInterval(() => this.beat(), ctx.pingMs);
    this.heartbeat.unref();
    socket.on('message', (raw) => this.receive(raw));
    socket.on('close', () => this.cleanUp());
    // ws has already sent its close frame (1009 for a frame too big …); drop a client that does not answer it.
    socket.on('error', () => setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref());
  }

  /** Sends an already gzipped frame (a push shared by every subscriber). */
  sendFrame(frame: Buffer): void {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(frame, BINARY);
  }

  send(json: string): void {
    this.sendFrame(gzipFrame(json));
  }

  /** Drops the TCP connection without a close frame, as a network failure would. */
  drop(): void {
    this.socket.terminate();
  }

  private beat(): void {
    if (this.ctx.isStalled()) return;
    // Two pings went unanswered: close right before what would be the next ping.
    if (this.missed >= this.ctx.maxMissedPings) {
      this.socket.close(1001, 'heartbeat timeout');
      setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
      clearInterval(this.heartbeat);
      return;
    }
    const value = Math.max(this.ctx.now(), this.lastPing + 1);
    this.lastPing = value;
    this.pings.push(value);
    if (this.pings.length > Math.max(2, this.ctx.maxMissedPings)) this.pings.shift();
    this.missed++;
    this.send(`{"ping":${value}}`);
  }

  /** Client messages are JSON text; a client that sends them in binary frames is read the same way. */
  private receive(raw: RawData): void {
    const text = Buffer.isBuffer(raw)
      ? raw.toString('utf8')
      : Array.isArray(raw)
        ? Buffer.concat(raw).toString('utf8')
        : Buffer.from(raw).toString('utf8');
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.error(undefined, 'not json string');
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      this.error(undefined, 'not json string');
      return;
    }
    const msg = message as Message;
    if ('pong' in msg) this.pong(msg.pong);
    else if ('ping' in msg) this.clientPing(msg.ping);
    else if ('sub' in msg) this.sub(msg.sub, msg.id);
    else if ('unsub' in msg) this.unsub(msg.unsub, msg.id);
    else if ('req' in msg) this.req(msg);
    // Our wording: the docs list no error for a JSON object that is none of the above.
    else this.error(msg.id, 'invalid request');
  }

  private pong(value: unknown): void {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (this.pings.includes(n)) this.missed = 0;
  }

  private clientPing(value: unknown): void {
    if (typeof value !== 'number' || !Number.isFinite(value)) this.error(undefined, 'invalid ping');
    else this.send(`{"pong":${JSON.stringify(value)}}`);
  }

  private sub(topic: unknown, id: unknown): void {
    const now = this.ctx.now();
    if (typeof topic !== 'string' || !this.ctx.data.hasTopic(topic)) {
      this.error(id, `invalid topic ${String(topic)}`);
      return;
    }
    this.topics.add(topic);
    this.ctx.subscribe(this, topic);
    this.send(encodeSubAck(id, topic, now));
    const cached = this.ctx.data.cachedPush(topic, now);
    if (cached) this.send(cached);
  }

  private unsub(topic: unknown, id: unknown): void {
    if (typeof topic !== 'string' || !this.topics.has(topic)) {
      this.error(id, `unsub with not subbed topic ${String(topic)}`);
      return;
    }
    this.topics.delete(topic);
    this.ctx.unsubscribe(this, topic);
    this.send(encodeUnsubAck(id, topic, this.ctx.now()));
  }

  private req(msg: Message): void {
    const now = this.ctx.now();
    const { req: topic, id } = msg;
    if (now - this.lastReqAt < REQ_MIN_GAP_MS) {
      this.error(id, '429 too many request');
      return;
    }
    this.lastReqAt = now;
    const parsed = typeof topic === 'string' && this.ctx.data.hasTopic(topic) ? parseTopic(topic) : undefined;
    const data = parsed && answerReq(this.ctx.data, parsed, msg, now);
    if (typeof topic !== 'string' || data === undefined) {
      this.error(id, `invalid topic ${String(topic)}`);
      return;
    }
    this.send(encodeRep(id, topic, now, data));
  }

  private error(id: unknown, message: string): void {
    this.send(encodeWsError(id, this.ctx.now(), message));
  }

  private cleanUp(): void {
    clearInterval(this.heartbeat);
    for (const topic of this.topics) this.ctx.unsubscribe(this, topic);
    this.topics.clear();
    this.ctx.closed(this);
  }
}
