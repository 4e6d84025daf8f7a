import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ManualClock } from '../clock.ts';
import { createMarketFeed, type MarketFeed } from '../market-feed.ts';
import { TradeLog } from '../trade-log.ts';
import type { Trade } from '../types.ts';

const trade = (id: number, ts: number, price: string) => ({ tradeId: String(id), ts, price });

describe('the log of printed trades', () => {
  it('names the last trade at or before an instant; nothing before the first', () => {
    const log = new TradeLog(60_000);
    log.record(1000, trade(1, 1000, '10'));
    log.record(2000, trade(2, 2000, '10'));
    log.record(2000, trade(3, 2000, '11'));
    log.record(5000, trade(4, 5000, '9'));
    expect(log.at(999)).toBeNull();
    expect(log.at(1000)).toEqual(trade(1, 1000, '10'));
    expect(log.at(1999)?.tradeId).toBe('1');
    // Two matches at one instant: the later one is in force.
    expect(log.at(2000)?.tradeId).toBe('3');
    expect(log.at(4999)?.tradeId).toBe('3');
    expect(log.at(1e12)?.tradeId).toBe('4');
  });

  it('drops trades past its retention but keeps the last one before the cut, which still answers after it', () => {
    const log = new TradeLog(10_000);
    for (let i = 0; i < 3000; i++) log.record(i * 10, trade(i, i * 10, String(i)));
    // The log trims only in batches; by now the first trades are gone.
    expect(log.at(0)).toBeNull();
    const newest = 2999 * 10;
    expect(log.at(newest)?.tradeId).toBe('2999');
    expect(log.at(newest - 10_000)?.tradeId).toBe(String(2999 - 1000));
  });
});

describe('the feed names the trade behind its price', () => {
  const start = 1_760_000_000_000;
  let clock: ManualClock;
  let feed: MarketFeed;
  beforeEach(() => {
    clock = new ManualClock(start);
    feed = createMarketFeed(loadConfig({ FEED_SEED: '11' }).feed, { clock });
  });
  afterEach(() => feed.close());

  it('every answer is a trade the feed published, at or before the instant, with the price function’s price, and no later trade before the instant', () => {
    clock.advance(20_000);
    feed.source.pump();
    const published: Trade[] = feed.data
      .tradeGroups('ethusdt', clock.now())
      .filter((group) => group.ts >= start)
      .flatMap((group) => [...group.data].reverse());
    expect(published.length).toBeGreaterThan(50);
    for (let at = start + 250; at < clock.now(); at += 733) {
      const named = feed.tradeAt('ethusdt', at);
      expect(named, `at ${at}`).not.toBeNull();
      const index = published.findIndex((t) => String(t.tradeId) === named!.tradeId);
      expect(index).toBeGreaterThanOrEqual(0);
      const print = published[index]!;
      expect(print.ts).toBe(named!.ts);
      expect(print.ts).toBeLessThanOrEqual(at);
      expect(Number(named!.price)).toBe(print.price);
      expect(named!.price).toBe(feed.priceAt('ethusdt', at));
      // The next trade printed (if any) is after the instant.
      const next = published[index + 1];
      if (next) expect(next.ts).toBeGreaterThan(at);
    }
  });

  it('answers nothing for the future, an unknown pair, or before the feed printed a trade', () => {
    clock.advance(5000);
    expect(feed.tradeAt('btcusdt', clock.now() + 1)).toBeNull();
    expect(feed.tradeAt('nopeusdt', clock.now())).toBeNull();
    expect(feed.tradeAt('btcusdt', start - 1)).toBeNull();
  });
});
