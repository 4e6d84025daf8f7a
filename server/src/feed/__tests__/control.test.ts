import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedClient, isPush, play, playUntil, post, startServer, type Received, type TestServer } from './helpers.ts';

const TOPICS = [
  'market.btcusdt.trade.detail',
  'market.btcusdt.kline.1min',
  'market.btcusdt.depth.step0',
  'market.ethusdt.trade.detail',
];
const isMarketPush = (r: Received): boolean => typeof r.json.ch === 'string';
/** What the server sent of its own accord: not the answers to `caughtUp`'s pings. */
const isUnasked = (r: Received): boolean => !('pong' in r.json);

async function subscribed(server: TestServer): Promise<FeedClient> {
  const client = await FeedClient.connect(`${server.ws}/ws`);
  TOPICS.forEach((topic, i) => client.send({ sub: topic, id: i }));
  await client.waitForCount((r) => r.json.status === 'ok', TOPICS.length);
  return client;
}

describe('feed test controls', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { fakeClock: true });
  }, 60_000);
  afterAll(async () => server.close());

  it('drop closes every socket at once, like a network failure', async () => {
    const a = await subscribed(server);
    const b = await FeedClient.connect(`${server.ws}/feed`);
    const { status, json } = await post(`${server.http}/__test/feed/drop`);
    expect(status).toBe(200);
    expect(json.dropped).toBeGreaterThanOrEqual(2);
    const [closedA, closedB] = await Promise.all([a.closed, b.closed]);
    expect(closedA.code).toBe(1006);
    expect(closedB.code).toBe(1006);
    // The server takes new connections right away.
    const c = await subscribed(server);
    await playUntil(c, isPush('market.btcusdt.depth.step0'), { from: c.received.length });
    c.close();
  });

  it('stall stops every push and ping for N seconds, then the feed resumes', async () => {
    const client = await subscribed(server);
    await playUntil(client, isMarketPush, { from: client.received.length });
    const { json } = await post(`${server.http}/__test/feed/stall?seconds=1.2`);
    expect(json.stalledUntil).toBe(Date.now() + 1200);
    // Anything sent before the stall began has arrived by now.
    await client.caughtUp();
    const from = client.received.length;
    await play(client, 1100);
    expect(client.matching(isUnasked, from)).toEqual([]);
    const first = await playUntil(client, isMarketPush, { from });
    expect(first.json.ts).toBeGreaterThanOrEqual(json.stalledUntil as number);
    expect(client.isOpen).toBe(true);
    // Requests are still answered during a stall.
    await post(`${server.http}/__test/feed/stall?seconds=0.3`);
    client.send({ sub: 'market.solusdt.bbo', id: 'during' });
    expect((await client.waitFor((r) => r.json.id === 'during')).json.status).toBe('ok');
    await play(client, 300);
    client.close();
  });

  it('keeps the mbp chain unbroken across a stall', async () => {
    const client = await FeedClient.connect(`${server.ws}/feed`);
    const topic = 'market.btcusdt.mbp.150';
    client.send({ sub: topic, id: 1 });
    await playUntil(client, isPush(topic), { count: 3 });
    await post(`${server.http}/__test/feed/stall?seconds=0.6`);
    await client.caughtUp();
    const from = client.received.length;
    const before = client.matching(isPush(topic)).at(-1)?.json.tick as { seqNum: number };
    const after = await playUntil(client, isPush(topic), { from });
    expect((after.json.tick as { prevSeqNum: number }).prevSeqNum).toBe(before.seqNum);
    client.close();
  });

  it('flood multiplies the push rate, and factor 1 restores it', async () => {
    const client = await subscribed(server);
    const isTrade = (r: Received): boolean =>
      typeof r.json.ch === 'string' && (r.json.ch as string).endsWith('.trade.detail');
    const isPeriodic = (r: Received): boolean =>
      r.json.ch === 'market.btcusdt.kline.1min' || r.json.ch === 'market.btcusdt.depth.step0';
    const count = async (ms: number): Promise<{ trades: number; periodic: number }> => {
      const from = client.received.length;
      await play(client, ms);
      const got = client.received.slice(from);
      // Trades, not trade pushes: one push may carry several trades when the flood packs them together.
      const trades = got
        .filter(isTrade)
        .reduce((sum, r) => sum + ((r.json.tick as { data?: unknown[] }).data?.length ?? 0), 0);
      return { trades, periodic: got.filter(isPeriodic).length };
    };
    const normal = await count(2500);
    expect((await post(`${server.http}/__test/feed/flood?factor=10`)).json).toEqual({ factor: 10 });
    const flooded = await count(2500);
    expect((await post(`${server.http}/__test/feed/flood?factor=1`)).json).toEqual({ factor: 1 });
    // kline/depth push 10x a second; random takers come 10x as often, but sweeps (several trades at
    // once) do not scale and arrive at random, so the trade count is held to a looser bound.
    expect(normal.trades).toBeGreaterThan(5);
    expect(flooded.trades).toBeGreaterThan(normal.trades * 2);
    expect(flooded.periodic).toBeGreaterThan(normal.periodic * 3);
    client.close();
  });

  it("move shifts a pair's price by trades through the book: the last trade moves by about that much", async () => {
    const client = await subscribed(server);
    const lastTrade = async () => {
      const push = await playUntil(client, isPush('market.btcusdt.trade.detail'), { from: client.received.length });
      return ((push.json.tick as { data: { price: number }[] }).data[0] as { price: number }).price;
    };
    const before = await lastTrade();
    const { status, json } = await post(`${server.http}/__test/feed/move?symbol=btcusdt&percent=3`);
    expect(status).toBe(200);
    expect(json).toEqual({ symbol: 'btcusdt', percent: 3 });
    await play(client, 1500);
    const after = await lastTrade();
    expect(after / before).toBeGreaterThan(1.02);
    expect(after / before).toBeLessThan(1.04);
    client.close();
  });

  it('rejects bad parameters with HTTP 400', async () => {
    for (const path of [
      'move?symbol=btcusdt',
      'move?symbol=nope&percent=1',
      'move?symbol=btcusdt&percent=-60',
      'move?symbol=btcusdt&percent=101',
    ]) {
      expect((await post(`${server.http}/__test/feed/${path}`)).status, path).toBe(400);
    }
    for (const path of [
      'stall?seconds=-1',
      'stall',
      'stall?seconds=abc',
      'flood?factor=0',
      'flood?factor=1000',
      'flood',
    ]) {
      expect((await post(`${server.http}/__test/feed/${path}`)).status, path).toBe(400);
    }
    expect((await post(`${server.http}/__test/feed/replay/restart`)).status).toBe(400);
  });
});

describe('feed test controls without TEST_ROUTES', () => {
  it('do not exist', async () => {
    const server = await startServer({ TEST_ROUTES: '0' });
    try {
      for (const path of ['drop', 'stall?seconds=1', 'flood?factor=2'])
        expect((await post(`${server.http}/__test/feed/${path}`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
