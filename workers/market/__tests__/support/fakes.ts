/** Test doubles for the engine: a scripted socket, a routed fetch and a hand-cranked frame clock. */
import { gzipSync } from 'node:zlib';
import type { BatchItem } from '../../../../common/protocol.ts';
import { MarketEngine, type MarketEngineOptions } from '../../market-engine.ts';
import * as chartModule from '../../chart-sources.ts';
import * as feedModule from '../../market-feed.ts';
import type { SocketLike } from '../../transport/market-socket.ts';
import { advance } from './timers.ts';

/** A WebSocket the test drives: `accept()` opens it, `push()` sends a gzip frame like the server. */
export class FakeSocket implements SocketLike {
  binaryType = 'blob';
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  readonly sent: string[] = [];
  closed = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.closed) throw new Error('send on a closed socket');
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
  }

  accept(): void {
    this.onopen?.({});
  }

  /** The server sends `message` as a binary gzip frame (protocol §2). */
  push(message: unknown): void {
    this.pushText(typeof message === 'string' ? message : JSON.stringify(message));
  }

  pushText(text: string): void {
    this.pushBytes(gzipSync(text));
  }

  pushBytes(bytes: Uint8Array): void {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    this.onmessage?.({ data: buffer });
  }

  /** The server closes the connection. */
  drop(): void {
    this.closed = true;
    this.onclose?.({});
  }

  /** Parsed messages the client sent. */
  messages(): Record<string, unknown>[] {
    return this.sent.map((text) => JSON.parse(text) as Record<string, unknown>);
  }

  /** Topics the client subscribed (`sub`) on this socket, in order. */
  subs(): string[] {
    return this.messages().flatMap((m) => (typeof m.sub === 'string' ? [m.sub] : []));
  }

  unsubs(): string[] {
    return this.messages().flatMap((m) => (typeof m.unsub === 'string' ? [m.unsub] : []));
  }
}

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  form: URLSearchParams;
}

type Route = (request: RecordedRequest) => Response | Promise<Response>;

/** A fetch that answers by path and records every request. */
export class FakeFetch {
  readonly requests: RecordedRequest[] = [];
  private readonly routes = new Map<string, Route>();

  on(path: string, route: Route): this {
    this.routes.set(path, route);
    return this;
  }

  readonly fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input);
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    const request: RecordedRequest = {
      url,
      method: init?.method ?? 'GET',
      headers,
      form: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
    };
    this.requests.push(request);
    const route = this.routes.get(url.pathname);
    if (!route) throw new TypeError(`fetch failed: no route for ${url.pathname}`);
    const signal = init?.signal;
    const answer = Promise.resolve(route(request));
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      const abort = (): void => reject(new DOMException('aborted', 'AbortError'));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort);
      answer.then(resolve, reject);
    });
  };

  to(path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.url.pathname === path);
  }
}

/** An envelope answer (docs/product-rules.md#calls-and-answers). */
export function envelope(code: number, data: unknown, msg = ''): Response {
  return new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });
}

export function text(body: string): Response {
  return new Response(body);
}

/** A frame clock the test advances: each `tick()` is one animation frame. */
export class ManualFrames {
  private pending: (() => void)[] = [];
  readonly schedule = (flush: () => void): void => {
    this.pending.push(flush);
  };

  get waiting(): number {
    return this.pending.length;
  }

  tick(): void {
    const due = this.pending;
    this.pending = [];
    for (const flush of due) flush();
  }
}

/** Everything the engine sent to the UI, batch by batch. */
export class SinkLog {
  readonly batches: BatchItem[][] = [];
  readonly transfers: Transferable[][] = [];
  readonly sink = (items: BatchItem[], transfer: Transferable[]): void => {
    this.batches.push(items);
    this.transfers.push(transfer);
  };

  /** Every wire value delivered to subscription `id`, in order. */
  valuesOf(id: number): unknown[] {
    return this.batches.flatMap((batch) => batch.filter((item) => item.id === id).map((item) => item.wire));
  }

  lastOf(id: number): unknown {
    return this.valuesOf(id).at(-1);
  }
}

export interface Harness {
  engine: MarketEngine;
  sockets: FakeSocket[];
  fetch: FakeFetch;
  frames: ManualFrames;
  log: SinkLog;
  /** The newest socket. */
  socket(): FakeSocket;
}

export const ORIGIN = 'http://engine.test';

/** A socket factory that keeps every FakeSocket it opens, in order. */
export function recordingSockets(): { sockets: FakeSocket[]; socketFactory(url: string): FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    socketFactory(url) {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  };
}

/** An engine wired to fakes. Use with vi.useFakeTimers(). */
export function createHarness(overrides: Partial<MarketEngineOptions> = {}): Harness {
  const { sockets, socketFactory } = recordingSockets();
  const fetch = new FakeFetch();
  const frames = new ManualFrames();
  const log = new SinkLog();
  const engine = new MarketEngine({
    wsUrl: 'ws://engine.test/ws',
    marketBase: ORIGIN,
    apiBase: `${ORIGIN}/api`,
    fetch: fetch.fetch,
    socketFactory,
    sink: log.sink,
    scheduleFrame: frames.schedule,
    loadFeed: () => feedModule,
    loadCharts: () => chartModule,
    ...overrides,
  });
  return {
    engine,
    sockets,
    fetch,
    frames,
    log,
    socket: () => {
      const last = sockets.at(-1);
      if (!last) throw new Error('no socket was created');
      return last;
    },
  };
}

/**
 * Runs `count` animation frames 17 ms apart, `beforeFrame` first in each (that frame's pushes), and
 * returns the subscription ids of every batch sent meanwhile, each batch's ids sorted.
 */
export async function batchIdsOverFrames(
  h: Harness,
  count: number,
  beforeFrame: (frame: number) => void,
): Promise<number[][]> {
  const sent: number[][] = [];
  for (let frame = 0; frame < count; frame++) {
    beforeFrame(frame);
    const before = h.log.batches.length;
    await advance(17);
    h.frames.tick();
    sent.push(...h.log.batches.slice(before).map((batch) => batch.map((item) => item.id).sort()));
  }
  return sent;
}
