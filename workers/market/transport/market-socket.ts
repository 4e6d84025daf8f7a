/**
 * The market WebSocket (docs/architecture.md#the-data-path): binary gzip frames inflated to text
 * in arrival order, one `sub` per topic however many views need it, every topic resubscribed after a
 * reconnect, a reconnect 3 s after any close (docs/product-rules.md#market-data), and a watchdog that treats 10 s without a
 * frame as a dead socket. It knows nothing about what the frames mean; the engine gets their text.
 */
import { gunzipText } from './inflate.ts';

// Method-style signatures are checked bivariantly, so the DOM's WebSocket (whose handlers take
// MessageEvent and CloseEvent) fits this narrower shape.
type Handler<E> = { bivariance(event: E): void }['bivariance'];

/** The part of the browser WebSocket the engine uses; tests pass a fake. */
export interface SocketLike {
  binaryType: string;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<unknown> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(): void;
}

export type SocketFactory = (url: string) => SocketLike;

export type SocketState = 'idle' | 'connecting' | 'open' | 'waiting';

/** docs/product-rules.md#market-data: websocket reconnect 3 s. */
export const RECONNECT_MS = 3_000;
/** docs/architecture.md#watchdog: no frame for 10 s means the feed is stale (the server pings every 5 s). */
export const STALE_MS = 10_000;
/** How long a socket with no topic left stays open, so quick navigation does not churn connections. */
export const IDLE_CLOSE_MS = 15_000;
const WATCHDOG_EVERY_MS = 1_000;

export interface MarketSocketOptions {
  url: string;
  factory: SocketFactory;
  /** Every inflated frame, in order. */
  onText: (text: string) => void;
  /** A frame that could not be inflated (counted and skipped by the engine). */
  onBroken: (reason: string) => void;
  /** A socket opened and every topic was resubscribed; `reopened` is false only for the first one. */
  onOpen: (reopened: boolean) => void;
  /** The socket went down (close, error or stale); books must be cleared. */
  onDown: () => void;
  /** State or counters changed. */
  onStatus: () => void;
  /** Every text the client sends (for the recorder). */
  onSend?: (text: string) => void;
  /** Every connection attempt (for the recorder). */
  onConnect?: (url: string) => void;
  reconnectMs?: number;
  staleMs?: number;
  idleCloseMs?: number;
}

export class MarketSocket {
  state: SocketState = 'idle';
  /** Sockets opened so far. */
  connects = 0;
  private ws: SocketLike | undefined;
  private readonly topics = new Set<string>();
  private nextId = 1;
  private everOpened = false;
  private enabled = true;
  private lastFrameAt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: MarketSocketOptions) {}

  /** Topics currently wanted. */
  get subscribed(): ReadonlySet<string> {
    return this.topics;
  }

  /** Adds a topic: sends `sub` now if open, otherwise on the next open. */
  subscribe(topic: string): void {
    if (this.topics.has(topic)) return;
    this.topics.add(topic);
    this.cancelIdleClose();
    if (this.state === 'open') this.sendJson({ sub: topic });
    else this.ensureConnecting();
  }

  /** Removes a topic and sends `unsub`; a socket left with no topic closes after a while. */
  unsubscribe(topic: string): void {
    if (!this.topics.delete(topic)) return;
    if (this.state === 'open') this.sendJson({ unsub: topic });
    if (this.topics.size === 0) this.scheduleIdleClose();
  }

  /** Sends raw text when open (pongs); dropped otherwise, since a new socket starts afresh. */
  send(text: string): void {
    if (this.state !== 'open' || !this.ws) return;
    this.ws.send(text);
    this.options.onSend?.(text);
  }

  /** True when the socket is open but no frame came for the stale time. */
  isStale(): boolean {
    return this.state === 'open' && Date.now() - this.lastFrameAt >= (this.options.staleMs ?? STALE_MS);
  }

  /** Drops the current socket (if any) and connects at once, skipping the 3 s wait. */
  reconnectNow(): void {
    if (!this.enabled || this.topics.size === 0) return;
    if (this.ws) this.drop();
    this.clearReconnect();
    this.connect();
  }

  /** Off: close and stay closed (replay feeds the engine instead). On: connect if topics wait. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) {
      this.clearReconnect();
      this.cancelIdleClose();
      if (this.ws) this.drop();
      this.setState('idle');
    } else this.ensureConnecting();
  }

  dispose(): void {
    this.setEnabled(false);
    this.topics.clear();
  }

  private sendJson(message: { sub: string } | { unsub: string }): void {
    this.send(JSON.stringify({ ...message, id: String(this.nextId++) }));
  }

  private ensureConnecting(): void {
    if (!this.enabled || this.topics.size === 0 || this.state !== 'idle') return;
    this.connect();
  }

  private connect(): void {
    this.setState('connecting');
    this.options.onConnect?.(this.options.url);
    let ws: SocketLike;
    try {
      ws = this.options.factory(this.options.url);
    } catch (error) {
      console.warn('[market] socket could not be created:', error instanceof Error ? error.message : error);
      this.scheduleReconnect();
      return;
    }
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onopen = () => this.handleOpen();
    ws.onmessage = (event) => this.handleMessage(event.data);
    ws.onclose = () => this.handleDown();
    ws.onerror = () => this.handleDown();
  }

  private handleOpen(): void {
    const reopened = this.everOpened;
    this.everOpened = true;
    this.connects++;
    this.lastFrameAt = Date.now();
    this.setState('open');
    for (const topic of this.topics) this.sendJson({ sub: topic });
    this.watchdog = setInterval(() => {
      if (this.isStale()) this.handleDown();
    }, WATCHDOG_EVERY_MS);
    this.options.onOpen(reopened);
  }

  private handleMessage(data: unknown): void {
    this.lastFrameAt = Date.now();
    if (typeof data === 'string') return this.options.onText(data);
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data) ? toBytes(data) : null;
    if (!bytes) return this.options.onBroken('frame is neither binary nor text');
    let text: string;
    try {
      text = gunzipText(bytes);
    } catch (error) {
      return this.options.onBroken(`bad gzip: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.options.onText(text);
  }

  /** Close, error or stale: forget this socket, tell the engine, and try again in 3 s. */
  private handleDown(): void {
    if (!this.ws) return;
    this.drop();
    this.options.onDown();
    this.scheduleReconnect();
  }

  private drop(): void {
    const ws = this.ws;
    this.ws = undefined;
    if (this.watchdog !== undefined) clearInterval(this.watchdog);
    this.watchdog = undefined;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    try {
      ws.close();
    } catch {
      // Closing a socket that never opened may throw; it is gone either way.
    }
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    if (!this.enabled || this.topics.size === 0) return this.setState('idle');
    this.setState('waiting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.enabled && this.topics.size > 0) this.connect();
      else this.setState('idle');
    }, this.options.reconnectMs ?? RECONNECT_MS);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  private scheduleIdleClose(): void {
    this.cancelIdleClose();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.topics.size > 0) return;
      this.clearReconnect();
      if (this.ws) this.drop();
      this.setState('idle');
    }, this.options.idleCloseMs ?? IDLE_CLOSE_MS);
  }

  private cancelIdleClose(): void {
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onStatus();
  }
}

function toBytes(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}
