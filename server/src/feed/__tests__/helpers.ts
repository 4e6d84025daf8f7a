import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import WebSocket from 'ws';
import { testConfig } from '../../__tests__/harness/config.ts';
import { startOnFakeClock, type FakeClockOption } from '../../__tests__/harness/fake-clock.ts';
import { buildApp } from '../../app.ts';
import { decodeFrame } from '../frame.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Our own frames and sessions, always present. */
export const OWN_FIXTURES = join(here, 'fixtures');

/**
 * The real recorded frames in ../shared/fixtures/huobi (next to the repository), or undefined with
 * the reason printed: a fresh clone has no ../shared, and the tests on our own frames still run.
 */
export function realFixtures(): string | undefined {
  const dir = resolve(here, '../../../../../shared/fixtures/huobi');
  if (existsSync(dir)) return dir;
  console.log(
    `[feed tests] skipping the real-frame cases: ${dir} is absent (fresh clone); our own frames in ${OWN_FIXTURES} cover the same cases`,
  );
  return undefined;
}

export interface TestServer {
  app: FastifyInstance;
  http: string;
  ws: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  /**
   * Starts the server on the faked clock (harness startOnFakeClock), and gives the worker its real
   * timers back when it closes: the server's test files share their worker's globals.
   * `'with timeouts'` fakes the timeouts too, for the replay, whose pump waits for its next message with one.
   */
  fakeClock?: FakeClockOption;
}

/** The whole app on 127.0.0.1, a free port and a temporary data dir, test routes on, ping every 200 ms. */
export async function startServer(
  env: Record<string, string> = {},
  { fakeClock = false }: ServerOptions = {},
): Promise<TestServer> {
  return startOnFakeClock(fakeClock, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'feed-test-'));
    // A start that fails (a port refused, say) closes what it built and removes its data dir.
    let built: FastifyInstance | undefined;
    try {
      const app = await buildApp({ config: testConfig(dataDir, { FEED_PING_MS: '200', ...env }) });
      built = app;
      const http = await app.listen({ host: '127.0.0.1', port: 0 });
      return {
        app,
        http,
        ws: http.replace(/^http/, 'ws'),
        async close() {
          await app.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await built?.close();
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  });
}

/** A frame as the client saw it: arrival time, raw payload, inflated text and parsed JSON. */
export interface Received {
  at: number;
  raw: Buffer;
  binary: boolean;
  text: string;
  json: Record<string, unknown>;
}

/**
 * A plain `ws` client that inflates every server frame with the same decoder the fixture tests use,
 * keeps everything it got, and (unless told not to) answers pings.
 */
export class FeedClient {
  /** The last value `caughtUp` sent, so each of its pings is told apart. */
  private static echoes = 0;
  readonly received: Received[] = [];
  readonly closed: Promise<{ code: number; at: number }>;
  private listeners: Array<() => void> = [];

  private constructor(
    readonly socket: WebSocket,
    public autoPong: boolean,
  ) {
    socket.on('message', (data, binary) => {
      const raw = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      const text = binary ? decodeFrame(raw) : raw.toString('utf8');
      const json = JSON.parse(text) as Record<string, unknown>;
      this.received.push({ at: performance.now(), raw, binary, text, json });
      if (this.autoPong && typeof json.ping === 'number') socket.send(JSON.stringify({ pong: json.ping }));
      for (const listener of this.listeners) listener();
    });
    this.closed = new Promise((resolveClosed) =>
      socket.on('close', (code) => resolveClosed({ code, at: performance.now() })),
    );
  }

  static async connect(url: string, { autoPong = true } = {}): Promise<FeedClient> {
    const socket = new WebSocket(url);
    socket.on('error', () => undefined);
    const client = new FeedClient(socket, autoPong);
    await new Promise<void>((resolveOpen, reject) => {
      socket.once('open', () => resolveOpen());
      socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Messages received from index `from` on that match `test`. */
  matching(test: (r: Received) => boolean, from = 0): Received[] {
    return this.received.slice(from).filter(test);
  }

  /** Resolves with the first message (from index `from`) that matches, or rejects after `timeoutMs`. */
  waitFor(test: (r: Received) => boolean, { from = 0, timeoutMs = 5000 } = {}): Promise<Received> {
    return this.waitForCount(test, 1, { from, timeoutMs }).then((list) => list[0] as Received);
  }

  /** Resolves once `count` matching messages arrived (from index `from`). */
  waitForCount(
    test: (r: Received) => boolean,
    count: number,
    { from = 0, timeoutMs = 5000 } = {},
  ): Promise<Received[]> {
    return new Promise((resolveWait, reject) => {
      const check = (): boolean => {
        const found = this.matching(test, from);
        if (found.length < count) return false;
        cleanup();
        resolveWait(found.slice(0, count));
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(`timed out waiting for ${count} matching message(s); got ${this.matching(test, from).length}`),
        );
      }, timeoutMs);
      const listener = (): void => void check();
      const cleanup = (): void => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
      };
      this.listeners.push(listener);
      check();
    });
  }

  /**
   * Resolves once the server has read everything this client sent before, and this client has
   * everything the server sent before reading it: the server answers a client ping in order.
   */
  async caughtUp(): Promise<void> {
    const value = ++FeedClient.echoes;
    this.send({ ping: value });
    await this.waitFor((r) => r.json.pong === value);
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * A heartbeat interval for servers on the faked clock whose tests play it with several sockets
 * open: every play moves every socket's heartbeat, and a socket the test is not reading from could
 * miss two beats before the server reads its pong. Heartbeats have their own tests.
 */
export const QUIET_PING = { FEED_PING_MS: '600000' };

/** Moves the faked clock `ms` on in steps of the simulator's 100 ms, letting `client` catch up after each. */
export async function play(client: FeedClient, ms: number, stepMs = 100): Promise<void> {
  for (let moved = 0; moved < ms; moved += stepMs) {
    vi.advanceTimersByTime(Math.min(stepMs, ms - moved));
    await client.caughtUp();
  }
}

/** Plays the faked clock until `count` messages matching `test` came (from index `from`); fails after `withinMs` of it. */
export async function playUntil(
  client: FeedClient,
  test: (r: Received) => boolean,
  { from = 0, count = 1, withinMs = 5000 } = {},
): Promise<Received> {
  for (let moved = 0; client.matching(test, from).length < count; moved += 100) {
    if (moved >= withinMs) throw new Error(`no ${count} matching message(s) within ${withinMs} ms of the feed's clock`);
    await play(client, 100);
  }
  return client.matching(test, from)[count - 1] as Received;
}

export const isPush =
  (topic: string) =>
  (r: Received): boolean =>
    r.json.ch === topic;
export const isAck =
  (id: unknown) =>
  (r: Received): boolean =>
    r.json.id === id && r.json.status !== undefined;

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function getJson(url: string): Promise<{ status: number; text: string; json: Record<string, unknown> }> {
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as Record<string, unknown> };
}

export async function post(url: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST' });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
