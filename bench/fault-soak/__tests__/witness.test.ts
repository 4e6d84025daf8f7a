import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { FeedWitness } from '../witness.ts';

const TOPIC = 'market.btcusdt.depth.step0';
const send = (socket: WebSocket, message: unknown) => socket.send(gzipSync(JSON.stringify(message)));
const depth = (ts: number) => ({ ch: TOPIC, ts, tick: { bids: [[100, 1]], asks: [[101, 2]], version: ts, ts } });

/** A feed that answers each sub with an ack and its last push again, as the reference server does. */
async function fakeFeed(): Promise<{
  server: WebSocketServer;
  url: string;
  clients: WebSocket[];
  last: { ts: number };
}> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const clients: WebSocket[] = [];
  const last = { ts: 1 };
  server.on('connection', (socket) => {
    clients.push(socket);
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { sub?: string; id?: string; pong?: number };
      if (!message.sub) return;
      send(socket, { id: message.id, status: 'ok', subbed: message.sub, ts: Date.now() });
      send(socket, depth(last.ts));
    });
  });
  return { server, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, clients, last };
}

const until = async (condition: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('timed out');
};

describe('fault soak: the witness', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());

  it('keeps every book pushed; the push answering its sub is kept but not counted as pushed then', async () => {
    const feed = await fakeFeed();
    const witness = new FeedWitness(feed.url, [TOPIC]);
    stop = () => {
      witness.stop();
      feed.server.close();
    };
    await witness.start();
    await until(() => witness.depthAt(1) !== undefined);
    const since = Date.now() - 60_000;
    expect(witness.depthAt(1)).toMatchObject({ ts: 1, bids: [[100, 1]], asks: [[101, 2]] });
    expect(witness.pushedSince('depth', 1, since)).toBe(false);

    feed.last.ts = 2;
    for (const client of feed.clients) send(client, depth(2));
    await until(() => witness.depthAt(2) !== undefined);
    expect(witness.pushedSince('depth', 2, since)).toBe(true);
    expect(witness.pushedSince('depth', 2, Date.now() + 1_000)).toBe(false);

    // Dropped, it reconnects at once and subscribes again; the repeated push is still not "pushed".
    // (A clear millisecond after the last push: `since` counts pushes at that very time.)
    await new Promise((resolve) => setTimeout(resolve, 20));
    const dropAt = Date.now();
    feed.clients[0]?.terminate();
    await until(
      () =>
        feed.clients.length === 2 &&
        witness.depthAt(2)?.at !== undefined &&
        (witness.depthAt(2)?.at as number) >= dropAt,
    );
    expect(witness.pushedSince('depth', 2, dropAt)).toBe(false);
  });
});
