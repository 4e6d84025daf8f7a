import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ManualClock } from '../../feed/clock.ts';
import { createMarketFeed, type MarketFeed } from '../../feed/market-feed.ts';
import { FeedMarketPort } from '../feed-market-port.ts';
import type { TradePrint } from '../market-port.ts';

describe('the market port over the real simulator', () => {
  const start = 1_760_000_000_000;
  let clock: ManualClock;
  let feed: MarketFeed;
  let port: FeedMarketPort;
  beforeEach(() => {
    clock = new ManualClock(start);
    feed = createMarketFeed(loadConfig({ FEED_SEED: '9' }).feed, { clock });
    port = new FeedMarketPort(feed);
  });
  afterEach(() => feed.close());

  it('serves the catalogue pairs, the feed price function and its book', () => {
    clock.advance(2000);
    expect(port.pairs().map((p) => p.symbol)).toContain('btcusdt');
    const point = port.lastTradePrice('btcusdt', start + 1500);
    const trade = feed.tradeAt('btcusdt', start + 1500)!;
    expect(point).toEqual({
      price: feed.priceAt('btcusdt', start + 1500),
      ts: start + 1500,
      tradeId: trade.tradeId,
      tradeTs: trade.ts,
    });
    expect(port.lastTradePrice('btcusdt', clock.now() + 1)).toBeUndefined();
    expect(port.lastTradePrice('nopeusdt', start)).toBeUndefined();
    const depth = feed.data.depth('ethusdt', 0, 5, clock.now())!;
    expect(port.bestLevels('ethusdt', 'ask', 5)).toEqual(
      depth.asks.map(([p, q]) => ({ price: String(p), amount: String(q) })),
    );
    expect(port.bestLevels('ethusdt', 'bid', 2)).toHaveLength(2);
    expect(port.ticker('ethusdt')!.close).toBe(String(feed.data.ticker('ethusdt', clock.now())!.close));
  });

  it('delivers every trade printed after it started, once, in print order, and nothing from before', () => {
    const seen: TradePrint[] = [];
    port.onTrade((symbol, trade) => {
      if (symbol === 'btcusdt') seen.push(trade);
    });
    for (let i = 0; i < 30; i++) {
      clock.advance(100);
      port.flushTrades();
      port.flushTrades();
    }
    const expected = feed.data
      .tradeGroups('btcusdt', clock.now())
      .filter((g) => g.ts > start)
      .flatMap((g) => [...g.data].reverse().map((t) => String(t.tradeId)));
    expect(expected.length).toBeGreaterThan(10);
    expect(seen.map((t) => t.tradeId)).toEqual(expected);
    expect(seen.every((t, i) => i === 0 || t.ts >= seen[i - 1]!.ts)).toBe(true);
  });
});
