import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startServer, type TestServer } from './helpers.ts';

/** ccxt's htx client as §9 of the protocol doc configures it against a local (non-TLS) server. */
function localHtx(base: string): InstanceType<typeof ccxt.pro.htx> {
  return new ccxt.pro.htx({
    urls: {
      hostnames: { spot: base, contract: base },
      api: {
        spot: `http://${base}`,
        public: `http://${base}`,
        status: `http://${base}`,
        v2Public: `http://${base}`,
        contract: `http://${base}`,
        ws: { api: { spot: { public: `ws://${base}/ws`, feed: `ws://${base}/feed`, private: `ws://${base}/ws/v2` } } },
      },
    },
    options: {
      fetchMarkets: { types: { spot: true, linear: false, inverse: false } },
      fetchOHLCV: { useHistoricalEndpointForSpot: false },
    },
    has: { fetchCurrencies: false },
  });
}

describe('an independent HTX client (ccxt 4.5.84, ccxt.pro.htx)', () => {
  let server: TestServer;
  let exchange: InstanceType<typeof ccxt.pro.htx>;
  beforeAll(async () => {
    server = await startServer();
    exchange = localHtx(server.http.replace('http://', ''));
    await exchange.loadHttpProxyAgent();
  }, 60_000);
  afterAll(async () => {
    await exchange.close();
    await server.close();
  });

  it('loads the markets from /v1/common/symbols', async () => {
    const markets = await exchange.loadMarkets();
    expect(markets['BTC/USDT']).toMatchObject({ id: 'btcusdt', base: 'BTC', quote: 'USDT', spot: true, active: true });
    expect(markets['BTC/USDT']?.precision.price).toBe(0.01);
    expect(Object.keys(markets)).toHaveLength(12);
  });

  it('watches kline, trades, ticker and the mbp order book', async () => {
    const candles = await exchange.watchOHLCV('BTC/USDT', '1m');
    const candle = candles[candles.length - 1] as number[];
    expect((candle[0] as number) % 60_000).toBe(0);
    expect(Math.abs(Date.now() - (candle[0] as number))).toBeLessThan(120_000);
    expect(candle[2]).toBeGreaterThanOrEqual(Math.max(candle[1] as number, candle[4] as number));

    const trades = await exchange.watchTrades('BTC/USDT');
    expect(trades.length).toBeGreaterThan(0);
    expect(trades[0]).toMatchObject({ symbol: 'BTC/USDT' });
    expect(['buy', 'sell']).toContain(trades[0]?.side);

    const ticker = await exchange.watchTicker('BTC/USDT');
    expect(ticker.last).toBeGreaterThan(0);
    expect(ticker.high).toBeGreaterThanOrEqual(ticker.low as number);

    const book = await exchange.watchOrderBook('BTC/USDT');
    expect(book.bids.length).toBeGreaterThan(100);
    expect(book.asks.length).toBeGreaterThan(100);
    for (let i = 0; i < 5; i++) {
      const next = await exchange.watchOrderBook('BTC/USDT');
      expect((next.bids[0] as number[])[0]).toBeLessThan((next.asks[0] as number[])[0] as number);
    }
  });

  it('fetches history over REST: klines, ticker, trades and the book', async () => {
    const candles = await exchange.fetchOHLCV('BTC/USDT', '5m', undefined, 3);
    expect(candles).toHaveLength(3);
    expect((candles[1]?.[0] as number) - (candles[0]?.[0] as number)).toBe(300_000);
    const ticker = await exchange.fetchTicker('BTC/USDT');
    expect(ticker.bid).toBeLessThan(ticker.ask as number);
    expect(await exchange.fetchTrades('BTC/USDT', undefined, 2)).toHaveLength(2);
    expect((await exchange.fetchOrderBook('BTC/USDT')).bids.length).toBe(150);
  });

  it('keeps its sockets through several pings (answering them itself)', async () => {
    const before = await exchange.watchOrderBook('BTC/USDT');
    const nonce = before.nonce as number;
    // FEED_PING_MS is 200: about six pings, three times the disconnect limit.
    await sleep(1300);
    const after = await exchange.watchOrderBook('BTC/USDT');
    expect(after.nonce as number).toBeGreaterThan(nonce);
    const clients = Object.values(exchange.clients) as Array<{ isConnected: boolean; url: string }>;
    expect(clients.length).toBeGreaterThanOrEqual(2);
    for (const client of clients) expect(client.isConnected, client.url).toBe(true);
    const trades = await exchange.watchTrades('BTC/USDT');
    expect(trades.length).toBeGreaterThan(0);
  });
});
