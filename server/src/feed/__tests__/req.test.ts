import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQ_MIN_GAP_MS } from '../connection.ts';
import { FeedClient, isAck, isPush, playUntil, QUIET_PING, startServer, type TestServer } from './helpers.ts';

interface BarJson {
  id: number;
  open: number;
  close: number;
  low: number;
  high: number;
}

/** Requests must be 100 ms apart per connection; the server's clock is faked, so `req` moves it exactly that far. */
const GAP_MS = REQ_MIN_GAP_MS;

describe('req', () => {
  let server: TestServer;
  let client: FeedClient;
  let n = 0;
  /** Sends a req (spaced from the previous one) and resolves with the answer. */
  async function req(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    vi.advanceTimersByTime(GAP_MS);
    const id = `r${++n}`;
    client.send({ ...body, id });
    return (await client.waitFor(isAck(id))).json;
  }

  beforeAll(async () => {
    server = await startServer(QUIET_PING, { fakeClock: true });
    // Five seconds of market, for trades to answer with.
    vi.advanceTimersByTime(5000);
    client = await FeedClient.connect(`${server.ws}/ws`);
  }, 60_000);
  afterAll(async () => {
    client.close();
    await server.close();
  });

  it('answers a kline req with the latest 300 bars ascending, in the real rep shape', async () => {
    vi.advanceTimersByTime(GAP_MS);
    client.send({ req: 'market.btcusdt.kline.1min', id: 'k1' });
    const rep = await client.waitFor(isAck('k1'));
    expect(rep.text).toMatch(/^\{"id":"k1","rep":"market\.btcusdt\.kline\.1min","status":"ok","ts":\d{13},"data":\[/);
    const bars = rep.json.data as BarJson[];
    expect(bars).toHaveLength(300);
    for (let i = 1; i < bars.length; i++) expect((bars[i] as BarJson).id - (bars[i - 1] as BarJson).id).toBe(60);
    // The last bar is the open minute (or the one before, if the minute turned just as it answered).
    const minute = Math.floor((rep.json.ts as number) / 60_000) * 60;
    expect([minute, minute - 60]).toContain((bars[299] as BarJson).id);
  });

  it('honours from/to in epoch seconds (numbers only) and caps a wide range at its latest 300 bars', async () => {
    const all = (await req({ req: 'market.ethusdt.kline.5min' })).data as BarJson[];
    const from = (all[100] as BarJson).id;
    const to = (all[109] as BarJson).id;
    const ranged = (await req({ req: 'market.ethusdt.kline.5min', from, to })).data as BarJson[];
    expect(ranged.map((b) => b.id)).toEqual(all.slice(100, 110).map((b) => b.id));

    const wide = (await req({ req: 'market.ethusdt.kline.5min', from: to - 2000 * 300, to })).data as BarJson[];
    expect(wide).toHaveLength(300);
    expect((wide[299] as BarJson).id).toBe(to);

    // Strings are ignored, as on HTX: the answer is the default one.
    const quoted = (await req({ req: 'market.ethusdt.kline.5min', from: String(from), to: String(to) }))
      .data as BarJson[];
    expect(quoted).toHaveLength(300);

    const empty = await req({ req: 'market.ethusdt.kline.5min', from: to, to: from });
    expect(empty.status).toBe('ok');
    expect(empty.data).toEqual([]);
  });

  it('answers trade.detail with at most 300 trades, newest first, keyed by tradeId', async () => {
    const rep = await req({ req: 'market.btcusdt.trade.detail' });
    const trades = rep.data as Array<{ ts: number; tradeId: number; price: number; direction: string }>;
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.length).toBeLessThanOrEqual(300);
    for (let i = 1; i < trades.length; i++) {
      expect((trades[i] as { ts: number }).ts).toBeLessThanOrEqual((trades[i - 1] as { ts: number }).ts);
      expect((trades[i] as { tradeId: number }).tradeId).toBeLessThan((trades[i - 1] as { tradeId: number }).tradeId);
    }
    expect(Object.keys(trades[0] as object).join()).toBe('id,ts,tradeId,amount,price,direction');
  });

  it('answers depth reqs: 150 levels for step0, 20 aggregated levels for stepN, never crossed', async () => {
    const step0 = (await req({ req: 'market.btcusdt.depth.step0' })).data as {
      bids: number[][];
      asks: number[][];
      version: number;
    };
    expect(step0.bids).toHaveLength(150);
    expect(step0.asks).toHaveLength(150);
    expect((step0.bids[0] as number[])[0]).toBeLessThan((step0.asks[0] as number[])[0] as number);
    for (let i = 1; i < 150; i++) {
      expect((step0.bids[i] as number[])[0]).toBeLessThan((step0.bids[i - 1] as number[])[0] as number);
      expect((step0.asks[i] as number[])[0]).toBeGreaterThan((step0.asks[i - 1] as number[])[0] as number);
    }
    const step1 = (await req({ req: 'market.btcusdt.depth.step1' })).data as { bids: number[][]; asks: number[][] };
    expect(step1.bids.length).toBeLessThanOrEqual(20);
    expect(step1.bids.length).toBeGreaterThan(5);
    // btcusdt has 2 decimals, so step1 prices are multiples of 0.1.
    for (const [price] of [...step1.bids, ...step1.asks]) expect(Math.round((price as number) * 10) / 10).toBe(price);
  });

  it('answers detail, bbo and ticker reqs', async () => {
    const detail = await req({ req: 'market.btcusdt.detail' });
    expect(Object.keys(detail.data as object).join()).toBe('id,low,high,open,close,vol,amount,version,count');
    const bbo = await req({ req: 'market.btcusdt.bbo' });
    expect((bbo.data as { symbol: string }).symbol).toBe('btcusdt');
    const ticker = await req({ req: 'market.btcusdt.ticker' });
    expect((ticker.data as { lastPrice: number }).lastPrice).toBeGreaterThan(0);
  });

  it('answers an mbp req with the book as of the last increment sent on the topic', async () => {
    const feed = await FeedClient.connect(`${server.ws}/feed`);
    feed.send({ sub: 'market.ethusdt.mbp.20', id: 'm' });
    await playUntil(feed, isPush('market.ethusdt.mbp.20'), { count: 3 });
    feed.send({ req: 'market.ethusdt.mbp.20', id: 'snap' });
    const rep = await feed.waitFor(isAck('snap'));
    const before = feed.received.slice(0, feed.received.indexOf(rep)).filter(isPush('market.ethusdt.mbp.20'));
    const lastIncrement = (before[before.length - 1]?.json.tick as { seqNum: number }).seqNum;
    const data = rep.json.data as { seqNum: number; bids: number[][]; asks: number[][] };
    expect(Object.keys(data).join()).toBe('seqNum,bids,asks');
    expect(data.seqNum).toBe(lastIncrement);
    expect(data.bids).toHaveLength(20);
    feed.close();
  });

  it('refuses a req closer than 100 ms to the previous one with the real rate-limit error', async () => {
    vi.advanceTimersByTime(GAP_MS);
    client.send({ req: 'market.btcusdt.kline.1min', id: 'fast1' });
    expect((await client.waitFor(isAck('fast1'))).json.status).toBe('ok');
    vi.advanceTimersByTime(GAP_MS - 1);
    client.send({ req: 'market.btcusdt.kline.1min', id: 'fast2' });
    const limited = await client.waitFor(isAck('fast2'));
    expect(limited.text).toMatch(
      /^\{"status":"error","ts":\d{13},"id":"fast2","err-code":"bad-request","err-msg":"429 too many request"\}$/,
    );
    // The connection survives and serves the next spaced request.
    expect((await req({ req: 'market.btcusdt.kline.1min' })).status).toBe('ok');
  });

  it('answers a req for an unknown topic with an error frame', async () => {
    const error = await req({ req: 'market.btcusdt.kline.7min' });
    expect(error).toMatchObject({
      status: 'error',
      'err-code': 'bad-request',
      'err-msg': 'invalid topic market.btcusdt.kline.7min',
    });
  });
});
