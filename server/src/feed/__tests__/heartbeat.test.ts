import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedClient, sleep, startServer, type Received, type TestServer } from './helpers.ts';

// A heartbeat that takes 5 s live takes 300 ms here (long enough for a slow client on a busy box).
const PING_MS = 300;
const isPing = (r: Received): boolean => typeof r.json.ping === 'number';

describe('heartbeat', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ FEED_PING_MS: String(PING_MS) });
  }, 60_000);
  afterAll(async () => server.close());

  it('pings with an epoch-ms integer every FEED_PING_MS', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`);
    const pings = await client.waitForCount(isPing, 5, { timeoutMs: 6000 });
    const values = pings.map((p) => p.json.ping as number);
    for (const value of values) expect(Math.abs(value - Date.now())).toBeLessThan(10_000);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1] as number);
    // The values are the server's clock at each ping: on average one interval apart.
    const meanGap = ((values[values.length - 1] as number) - (values[0] as number)) / (values.length - 1);
    expect(meanGap).toBeGreaterThan(PING_MS * 0.75);
    expect(meanGap).toBeLessThan(PING_MS * 2.5);
    expect(pings.every((p) => Object.keys(p.json).join() === 'ping')).toBe(true);
    expect(client.isOpen).toBe(true);
    client.close();
  });

  it('closes a client after two unanswered pings, before the third, without an error frame', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`, { autoPong: false });
    const { code } = await client.closed;
    expect(client.received.filter(isPing)).toHaveLength(2);
    expect(client.received.some((r) => r.json.status === 'error')).toBe(false);
    expect(code).toBe(1001);
  });

  it('keeps a client that answers with either of the last two pings, even late', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`, { autoPong: false });
    // Always answer the ping before the latest one: one interval late, but within the rule.
    let answered = 0;
    client.socket.on('message', () => {
      const pings = client.received.filter(isPing);
      if (pings.length >= 2 && answered < pings.length - 1) {
        answered = pings.length - 1;
        client.send(`{"pong": ${pings[pings.length - 2]?.json.ping as number}}`);
      }
    });
    await client.waitForCount(isPing, 6, { timeoutMs: 10_000 });
    expect(client.isOpen).toBe(true);
    client.close();
  });

  it('ignores a pong that matches no recent ping', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`, { autoPong: false });
    client.socket.on('message', () => client.send({ pong: 12345 }));
    await client.closed;
    expect(client.received.filter(isPing)).toHaveLength(2);
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
  it('waits for three unanswered pings', async () => {
    const server = await startServer({ FEED_MAX_MISSED_PINGS: '3', FEED_PING_MS: '150' });
    try {
      const client = await FeedClient.connect(`${server.ws}/feed`, { autoPong: false });
      await client.closed;
      expect(client.received.filter(isPing)).toHaveLength(3);
      const answering = await FeedClient.connect(`${server.ws}/feed`);
      await sleep(150 * 6);
      expect(answering.isOpen).toBe(true);
      answering.close();
    } finally {
      await server.close();
    }
  });
});
