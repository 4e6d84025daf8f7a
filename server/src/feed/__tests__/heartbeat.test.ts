import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FeedClient, startServer, type Received, type TestServer } from './helpers.ts';

/** The live interval: the server's clock is faked (startServer's fakeClock), so a test moves each beat on by hand. */
const PING_MS = 5000;
const isPing = (r: Received): boolean => typeof r.json.ping === 'number';

/** One heartbeat: moves the server's clock an interval on, then waits for each client's `nth` ping. */
async function beat(clients: FeedClient | FeedClient[], nth: number): Promise<Received> {
  vi.advanceTimersByTime(PING_MS);
  const got = await Promise.all([clients].flat().map((client) => client.waitForCount(isPing, nth)));
  return got[0]?.at(-1) as Received;
}

describe('heartbeat', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ FEED_PING_MS: String(PING_MS) }, { fakeClock: true });
  }, 60_000);
  afterAll(async () => server.close());

  it('pings with the epoch-ms time of each beat, every FEED_PING_MS', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`);
    const openedAt = Date.now();
    const values: number[] = [];
    for (let n = 1; n <= 5; n++) {
      values.push((await beat(client, n)).json.ping as number);
      await client.caughtUp();
    }
    expect(values).toEqual([1, 2, 3, 4, 5].map((n) => openedAt + n * PING_MS));
    expect(client.matching(isPing).every((p) => p.text === `{"ping":${p.json.ping as number}}`)).toBe(true);
    expect(client.isOpen).toBe(true);
    client.close();
  });

  it('closes a client after two unanswered pings, at the beat that would send the third, without an error frame', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`, { autoPong: false });
    await beat(client, 1);
    await beat(client, 2);
    expect(client.isOpen).toBe(true);
    vi.advanceTimersByTime(PING_MS);
    const { code } = await client.closed;
    expect(code).toBe(1001);
    expect(client.matching(isPing)).toHaveLength(2);
    expect(client.received.some((r) => r.json.status === 'error')).toBe(false);
  });

  it('keeps a client that answers with either of the last two pings, even late', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`, { autoPong: false });
    // Always answer the ping before the latest one: one interval late, but within the rule.
    for (let n = 1; n <= 6; n++) {
      await beat(client, n);
      const pings = client.matching(isPing);
      if (n >= 2) client.send(`{"pong": ${pings[n - 2]?.json.ping as number}}`);
      await client.caughtUp();
    }
    vi.advanceTimersByTime(PING_MS);
    await client.caughtUp();
    expect(client.isOpen).toBe(true);
    client.close();
  });

  it('ignores a pong that matches no recent ping', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`, { autoPong: false });
    for (let n = 1; n <= 2; n++) {
      const ping = (await beat(client, n)).json.ping as number;
      client.send({ pong: ping + 1 });
      client.send({ pong: 12345 });
      await client.caughtUp();
    }
    vi.advanceTimersByTime(PING_MS);
    expect((await client.closed).code).toBe(1001);
    expect(client.matching(isPing)).toHaveLength(2);
  });

  it('answers a client ping with a pong carrying the same value', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`);
    client.send({ ping: 1618678073643 });
    const pong = await client.waitFor((r) => 'pong' in r.json);
    expect(pong.text).toBe('{"pong":1618678073643}');
    client.send({ ping: 'soon' });
    const error = await client.waitFor((r) => r.json.status === 'error');
    expect(error.json['err-msg']).toBe('invalid ping');
    client.close();
  });
});

describe('heartbeat with FEED_MAX_MISSED_PINGS=3', () => {
  it('waits for three unanswered pings, and keeps a client that answers', async () => {
    const server = await startServer(
      { FEED_MAX_MISSED_PINGS: '3', FEED_PING_MS: String(PING_MS) },
      { fakeClock: true },
    );
    try {
      const silent = await FeedClient.connect(`${server.ws}/feed`, { autoPong: false });
      const answering = await FeedClient.connect(`${server.ws}/feed`);
      for (let n = 1; n <= 3; n++) {
        await beat([silent, answering], n);
        await answering.caughtUp();
      }
      expect(silent.isOpen).toBe(true);
      // The fourth beat closes the silent socket and pings the answering one.
      await beat(answering, 4);
      expect((await silent.closed).code).toBe(1001);
      expect(silent.matching(isPing)).toHaveLength(3);
      for (let n = 5; n <= 7; n++) {
        await answering.caughtUp();
        await beat(answering, n);
      }
      expect(answering.isOpen).toBe(true);
      answering.close();
    } finally {
      await server.close();
    }
  });
});
