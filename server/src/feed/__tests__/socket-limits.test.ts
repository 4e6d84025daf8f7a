import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { app } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { SocketLimit } from '../socket-limit.ts';
import { FeedClient, startServer, type TestServer } from './helpers.ts';

/** What one upgrade attempt came to: an open socket, or the HTTP status that refused it. */
type Attempt = { socket: WebSocket } | { status: number; body: string };

/** Opens a raw socket on `url` (with extra request headers) and reports how the upgrade went. */
function attempt(url: string, headers: Record<string, string> = {}): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', reject);
  });
}

const opened = (result: Attempt): WebSocket => {
  expect(result, 'the upgrade was refused').toHaveProperty('socket');
  return (result as { socket: WebSocket }).socket;
};

/** Tries until an upgrade goes through (the server counts a closed socket off when its TCP connection ends). */
async function openWhenFree(url: string, headers: Record<string, string> = {}, timeoutMs = 5000): Promise<WebSocket> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt(url, headers);
    if ('socket' in result) return result.socket;
    if (Date.now() > deadline) throw new Error(`still refused after ${timeoutMs} ms: ${result.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const closeAll = (sockets: WebSocket[]) => sockets.forEach((socket) => socket.terminate());

describe('market sockets per client address (FEED_MAX_SOCKETS_PER_IP)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ FEED_MAX_SOCKETS_PER_IP: '3' });
  }, 60_000);
  afterAll(async () => server.close());

  it('refuses the upgrade past the limit with HTTP 429 and a reason, counting /ws and /feed together', async () => {
    const sockets = [
      opened(await attempt(`${server.ws}/ws`)),
      opened(await attempt(`${server.ws}/feed`)),
      opened(await attempt(`${server.ws}/ws`)),
    ];
    try {
      for (const path of ['/ws', '/feed']) {
        const refused = await attempt(`${server.ws}${path}`);
        expect(refused).toMatchObject({ status: 429 });
        expect(JSON.parse((refused as { body: string }).body)).toEqual({
          status: 'error',
          'err-code': 'too-many-sockets',
          'err-msg': 'at most 3 market sockets per address',
        });
      }
      // The sockets already open are not disturbed.
      expect(sockets.every((socket) => socket.readyState === WebSocket.OPEN)).toBe(true);
      // A closed socket frees its place.
      sockets.shift()?.close();
      sockets.push(await openWhenFree(`${server.ws}/ws`));
      expect(await attempt(`${server.ws}/ws`)).toMatchObject({ status: 429 });
    } finally {
      closeAll(sockets);
    }
  });

  it('does not count a plain GET of the socket path', async () => {
    const sockets = [await openWhenFree(`${server.ws}/ws`), await openWhenFree(`${server.ws}/ws`)];
    try {
      for (let i = 0; i < 5; i++) expect((await fetch(`${server.http}/ws`)).status).not.toBe(429);
      sockets.push(opened(await attempt(`${server.ws}/ws`)));
    } finally {
      closeAll(sockets);
    }
  });
});

describe('the socket limit behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ FEED_MAX_SOCKETS_PER_IP: '2', TRUST_PROXY: 'loopback' });
  }, 60_000);
  afterAll(async () => server.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('counts each client address the proxy reports on its own, and an IPv6 client by its /64', async () => {
    const sockets: WebSocket[] = [];
    try {
      for (const address of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2'])
        sockets.push(opened(await attempt(`${server.ws}/ws`, from(address))));
      expect(await attempt(`${server.ws}/ws`, from('203.0.113.1'))).toMatchObject({ status: 429 });
      expect(await attempt(`${server.ws}/ws`, from('203.0.113.2'))).toMatchObject({ status: 429 });

      sockets.push(opened(await attempt(`${server.ws}/ws`, from('2001:db8:1:2::a'))));
      sockets.push(opened(await attempt(`${server.ws}/ws`, from('2001:db8:1:2:ffff::b'))));
      expect(await attempt(`${server.ws}/ws`, from('2001:db8:1:2::c'))).toMatchObject({ status: 429 });
      sockets.push(opened(await attempt(`${server.ws}/ws`, from('2001:db8:1:3::a'))));
    } finally {
      closeAll(sockets);
    }
  });
});

describe('a frame over the size limit', () => {
  let fastify: FastifyInstance;
  let dataDir: string;
  let url: string;
  const log: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'feed-oversize-'));
    // The app with its log captured, as an operator's log file would receive it.
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n'))
          if (line) log.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    fastify = Fastify({ logger: { level: 'info', stream } });
    await fastify.register(app, { config: loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '', FEED_PING_MS: '200' }) });
    url = (await fastify.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
  }, 60_000);
  afterAll(async () => {
    await fastify.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes that socket with 1009, logs one line without a stack each time, and leaves the others alone', async () => {
    const bystander = await FeedClient.connect(`${url}/ws`);
    const senders = await Promise.all([1, 2, 3].map(() => FeedClient.connect(`${url}/ws`)));
    senders.forEach((client, i) =>
      client.send(i % 2 ? Buffer.alloc(64 * 1024 + 1, 0x20) : `{"sub":"${'x'.repeat(100_000)}"}`),
    );
    const closes = await Promise.all(senders.map((client) => client.closed));
    expect(closes.map((close) => close.code)).toEqual([1009, 1009, 1009]);

    const errors = log.filter((line) => (line.level as number) >= 50);
    expect(errors).toEqual([]);
    expect(log.filter((line) => JSON.stringify(line).includes('stack'))).toEqual([]);
    const closed = log.filter((line) => line.msg === 'socket closed: the client broke the WebSocket protocol');
    expect(closed.map((line) => [line.level, line.reason])).toEqual(Array(3).fill([30, 'Max payload size exceeded']));

    // The bystander still gets its heartbeat.
    const pings = bystander.received.length;
    await bystander.waitFor((r) => typeof r.json.ping === 'number', { from: pings, timeoutMs: 5000 });
    expect(bystander.isOpen).toBe(true);
    bystander.close();
  });
});

describe('SocketLimit', () => {
  it('holds at most max per key, gives a place back once however often release is called, and 0 is no limit', () => {
    const limit = new SocketLimit(2);
    const first = limit.take('a');
    const second = limit.take('a');
    expect(first && second).toBeTruthy();
    expect(limit.take('a')).toBeUndefined();
    expect(limit.take('b')).toBeTruthy();
    first?.();
    first?.();
    expect(limit.count('a')).toBe(1);
    expect(limit.take('a')).toBeTruthy();
    expect(limit.take('a')).toBeUndefined();

    const unlimited = new SocketLimit(0);
    for (let i = 0; i < 1000; i++) expect(unlimited.take('a')).toBeTruthy();
  });
});
