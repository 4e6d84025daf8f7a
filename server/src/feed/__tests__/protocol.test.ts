import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedClient, isAck, isPush, play, playUntil, QUIET_PING, startServer, type TestServer } from './helpers.ts';

const TS = '\\d{13}';
const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('sub / unsub / errors', () => {
  let server: TestServer;
  let client: FeedClient;
  beforeAll(async () => {
    server = await startServer(QUIET_PING, { fakeClock: true });
    client = await FeedClient.connect(`${server.ws}/ws`);
  }, 60_000);
  afterAll(async () => {
    client.close();
    await server.close();
  });

  it('acks in the real key order, echoing a string id as a string and a number id as a number', async () => {
    client.send({ sub: 'market.btcusdt.kline.1min', id: 'id1' });
    client.send({ sub: 'market.ethusdt.kline.1min', id: 2 });
    const stringAck = await client.waitFor(isAck('id1'));
    const numberAck = await client.waitFor(isAck(2));
    expect(stringAck.text).toMatch(
      new RegExp(`^\\{"id":"id1","status":"ok","subbed":"market\\.btcusdt\\.kline\\.1min","ts":${TS}\\}$`),
    );
    expect(numberAck.text).toMatch(
      new RegExp(`^\\{"id":2,"status":"ok","subbed":"market\\.ethusdt\\.kline\\.1min","ts":${TS}\\}$`),
    );
  });

  it('omits the id from the ack when the request had none', async () => {
    const from = client.received.length;
    client.send({ sub: 'market.solusdt.detail' });
    const ack = await client.waitFor((r) => r.json.subbed === 'market.solusdt.detail', { from });
    expect(ack.text).toMatch(new RegExp(`^\\{"status":"ok","subbed":"market\\.solusdt\\.detail","ts":${TS}\\}$`));
  });

  it('pushes the cached last message right after the ack, then live pushes', async () => {
    const topics = [
      'market.btcusdt.depth.step0',
      'market.btcusdt.detail',
      'market.btcusdt.bbo',
      'market.btcusdt.ticker',
      'market.btcusdt.kline.5min',
    ];
    const from = client.received.length;
    topics.forEach((topic, i) => client.send({ sub: topic, id: `c${i}` }));
    for (const [i, topic] of topics.entries()) {
      const ack = await client.waitFor(isAck(`c${i}`), { from });
      const index = client.received.indexOf(ack);
      const next = client.received[index + 1];
      expect(next?.json.ch).toBe(topic);
    }
    // Live pushes follow (kline and depth about once a second).
    await playUntil(client, isPush('market.btcusdt.depth.step0'), { from, count: 2 });
  });

  it('shapes every push as {ch, ts, tick} with the real tick keys in order', async () => {
    const topics: Record<string, string> = {
      'market.xrpusdt.kline.1min': 'id,open,close,low,high,amount,vol,count',
      'market.xrpusdt.depth.step0': 'bids,asks,version,ts',
      'market.xrpusdt.depth.step2': 'bids,asks,version,ts',
      'market.xrpusdt.detail': 'id,low,high,open,close,vol,amount,version,count',
      'market.xrpusdt.bbo': 'seqId,ask,askSize,bid,bidSize,quoteTime,symbol',
      'market.xrpusdt.ticker': 'amount,count,open,close,low,high,vol,bid,bidSize,ask,askSize,lastPrice,lastSize',
      'market.xrpusdt.trade.detail': 'id,ts,data',
    };
    const from = client.received.length;
    for (const topic of Object.keys(topics)) client.send({ sub: topic, id: topic });
    for (const [topic, keys] of Object.entries(topics)) {
      const push = await playUntil(client, isPush(topic), { from });
      expect(push.text).toMatch(new RegExp(`^\\{"ch":"${esc(topic)}","ts":${TS},"tick":\\{`));
      expect(Object.keys(push.json)).toEqual(['ch', 'ts', 'tick']);
      expect(Object.keys(push.json.tick as object).join(), topic).toBe(keys);
    }
    const trade = await playUntil(client, isPush('market.xrpusdt.trade.detail'), { from });
    const first = (trade.json.tick as { data: Record<string, unknown>[] }).data[0] as Record<string, unknown>;
    expect(Object.keys(first).join()).toBe('id,ts,tradeId,amount,price,direction');
    expect(['buy', 'sell']).toContain(first.direction);
    expect(trade.text).toMatch(/"data":\[\{"id":\d{27},/);
  });

  it('answers an unknown symbol, period, step, mbp size or a non-string topic with an error frame and keeps the socket', async () => {
    const bad = [
      'market.nosuchusdt.kline.1min',
      'market.btcusdt.kline.2min',
      'market.btcusdt.depth.step6',
      'market.btcusdt.mbp.10',
      'market.btcusdt.trades',
      'btcusdt',
    ];
    const from = client.received.length;
    bad.forEach((topic, i) => client.send({ sub: topic, id: `e${i}` }));
    client.send({ sub: 42, id: 'e-num' });
    for (const [i, topic] of bad.entries()) {
      const error = await client.waitFor(isAck(`e${i}`), { from });
      expect(error.text).toMatch(
        new RegExp(
          `^\\{"status":"error","ts":${TS},"id":"e${i}","err-code":"bad-request","err-msg":"invalid topic ${esc(topic)}"\\}$`,
        ),
      );
    }
    const numeric = await client.waitFor(isAck('e-num'), { from });
    expect(numeric.json['err-msg']).toBe('invalid topic 42');
    expect(client.isOpen).toBe(true);
    client.send({ sub: 'market.ltcusdt.bbo', id: 'after-errors' });
    expect((await client.waitFor(isAck('after-errors'), { from })).json.status).toBe('ok');
  });

  it('answers invalid JSON with "not json string" and keeps the socket', async () => {
    const from = client.received.length;
    client.send('{"sub": market.btcusdt');
    const error = await client.waitFor((r) => r.json.status === 'error', { from });
    expect(error.text).toMatch(
      new RegExp(`^\\{"status":"error","ts":${TS},"err-code":"bad-request","err-msg":"not json string"\\}$`),
    );
    client.send({ unknown: 1, id: 'u' });
    expect((await client.waitFor(isAck('u'), { from })).json['err-msg']).toBe('invalid request');
    expect(client.isOpen).toBe(true);
  });

  it('unsubscribes with an unsubbed ack, stops pushing, and refuses an unsub of a topic not subbed', async () => {
    const topic = 'market.dogeusdt.trade.detail';
    client.send({ sub: topic, id: 'd1' });
    await client.waitFor(isAck('d1'));
    await playUntil(client, isPush(topic));
    const from = client.received.length;
    client.send({ unsub: topic, id: 'd2' });
    const ack = await client.waitFor(isAck('d2'), { from });
    expect(ack.text).toMatch(new RegExp(`^\\{"id":"d2","status":"ok","unsubbed":"${esc(topic)}","ts":${TS}\\}$`));
    const ackIndex = client.received.indexOf(ack);
    await play(client, 1200);
    expect(client.matching(isPush(topic), ackIndex + 1)).toHaveLength(0);

    client.send({ unsub: topic, id: 'd3' });
    const error = await client.waitFor(isAck('d3'), { from });
    expect(error.json).toMatchObject({
      status: 'error',
      'err-code': 'bad-request',
      'err-msg': `unsub with not subbed topic ${topic}`,
    });
  });

  it('serves the same protocol on /feed, mbp included', async () => {
    const feed = await FeedClient.connect(`${server.ws}/feed`);
    feed.send({ sub: 'market.btcusdt.mbp.150', id: '5' });
    const ack = await feed.waitFor(isAck('5'));
    expect(ack.json.status).toBe('ok');
    const push = await playUntil(feed, isPush('market.btcusdt.mbp.150'));
    expect(Object.keys(push.json.tick as object).slice(0, 2)).toEqual(['seqNum', 'prevSeqNum']);
    feed.close();
  });
});
