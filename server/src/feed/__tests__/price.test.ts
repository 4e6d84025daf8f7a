import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ManualClock } from '../clock.ts';
import { feedPlugin } from '../index.ts';
import { plainDecimal } from '../java-number.ts';
import { createMarketFeed } from '../market-feed.ts';
import { marketPrice } from '../price.ts';
import { readTranscript } from '../replay/transcript.ts';
import type { TradeGroup } from '../types.ts';
import { fakeServerClock } from '../../__tests__/harness/fake-clock.ts';
import { OWN_FIXTURES } from './helpers.ts';

/** A bare Fastify with only the feed plugin, as a sibling plugin (like the API routes) sees it. */
async function feedOnly() {
  const fastify = Fastify();
  fastify.decorate(
    'config',
    loadConfig({ ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'price-')), STATIC_DIR: '', FEED_SEED: '5' }),
  );
  await fastify.register(websocket);
  let seenBySibling: ((symbol: string, tMs: number) => string | null) | undefined;
  await fastify.register(feedPlugin);
  await fastify.register(async (sibling) => {
    sibling.addHook('onReady', async () => {
      seenBySibling = sibling.marketPrice;
    });
  });
  await fastify.ready();
  return { fastify, seenBySibling: () => seenBySibling };
}

describe('the price function', () => {
  it('is not available before a feed runs', () => {
    expect(() => marketPrice('btcusdt')).toThrow('market feed not started');
  });

  it('answers the last trade price as an exact decimal, the same through the decorator and the module', async () => {
    fakeServerClock();
    const { fastify, seenBySibling } = await feedOnly();
    try {
      expect(typeof seenBySibling()).toBe('function');
      vi.advanceTimersByTime(400);
      const t = Date.now();
      const viaDecorator = fastify.marketPrice('btcusdt', t);
      expect(viaDecorator).toMatch(/^\d+\.\d{2}$/);
      expect(marketPrice('btcusdt', t)).toBe(viaDecorator);
      expect(fastify.marketPrice('dogeusdt', t)).toMatch(/^0\.\d{6}$/);
      // Stable: a past time keeps its answer while the market moves on.
      vi.advanceTimersByTime(500);
      expect(fastify.marketPrice('btcusdt', t)).toBe(viaDecorator);
      // Unknown: the future, or a symbol that is not traded.
      expect(fastify.marketPrice('btcusdt', Date.now() + 60_000)).toBeNull();
      expect(fastify.marketPrice('nosuchusdt', t)).toBeNull();
    } finally {
      await fastify.close();
      vi.useRealTimers();
    }
    expect(() => marketPrice('btcusdt')).toThrow('market feed not started');
  });
});

describe('MarketFeed.onTrades', () => {
  const feedConfig = (env: Record<string, string>) => loadConfig({ ...process.env, ...env }).feed;

  it('reports every simulated trade group in print order, matching the price function', () => {
    const clock = new ManualClock(Date.UTC(2025, 5, 1, 12, 0, 0));
    const feed = createMarketFeed(feedConfig({ FEED_SEED: '21' }), { clock });
    try {
      const seen: Array<{ symbol: string; group: TradeGroup; atMs: number }> = [];
      const stop = feed.onTrades((symbol, group, atMs) => seen.push({ symbol, group, atMs }));
      for (let i = 0; i < 30; i++) {
        clock.advance(100);
        feed.source.pump();
      }
      const btc = seen.filter((s) => s.symbol === 'btcusdt');
      expect(btc.map((s) => s.group)).toEqual(feed.data.tradeGroups('btcusdt', clock.now()));
      for (let i = 1; i < seen.length; i++)
        expect((seen[i] as { atMs: number }).atMs).toBeGreaterThanOrEqual((seen[i - 1] as { atMs: number }).atMs);
      const last = btc[btc.length - 1] as { group: TradeGroup; atMs: number };
      expect(feed.priceAt('btcusdt', last.atMs)).toBe((last.group.data[0]?.price ?? 0).toFixed(2));
      stop();
      const count = seen.length;
      clock.advance(1000);
      feed.source.pump();
      expect(seen).toHaveLength(count);
    } finally {
      feed.close();
    }
  });

  it('reports replayed trades when they are replayed', () => {
    const file = join(OWN_FIXTURES, 'session', 'transcript.jsonl');
    const clock = new ManualClock(1_800_000_000_000);
    const feed = createMarketFeed(
      feedConfig({ FEED_SOURCE: 'replay', FEED_REPLAY_FILE: file, FEED_REPLAY_SPEED: '1', FEED_REPLAY_LOOP: '0' }),
      { clock },
    );
    try {
      const seen: Array<{ symbol: string; group: TradeGroup; atMs: number }> = [];
      feed.onTrades((symbol, group, atMs) => seen.push({ symbol, group, atMs }));
      clock.advance(60_000);
      feed.source.pump();
      const recorded = readTranscript(file).filter((l) => /^\{"ch":"market\.\w+\.trade\.detail"/.test(l.frame ?? ''));
      expect(seen).toHaveLength(recorded.length);
      const lastDoge = seen.filter((s) => s.symbol === 'dogeusdt').at(-1) as { group: TradeGroup; atMs: number };
      expect(feed.priceAt('dogeusdt', lastDoge.atMs)).toBe(plainDecimal(lastDoge.group.data[0]?.price ?? 0));
      expect(feed.priceAt('dogeusdt', 1_800_000_000_000 - 1)).toBeNull();
    } finally {
      feed.close();
    }
  });
});
