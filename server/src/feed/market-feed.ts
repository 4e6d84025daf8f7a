import type { FeedConfig } from '../config.ts';
import { systemClock, type Clock } from './clock.ts';
import { FeedHub } from './hub.ts';
import { ReplayFeed } from './replay/replay-feed.ts';
import { readTranscript } from './replay/transcript.ts';
import { SimFeed } from './sim/sim-feed.ts';
import type { MarketData, TradeListener } from './types.ts';

/**
 * The running market feed of one server: its source (simulator or replay), the socket hub, and the
 * price function the business logic settles against.
 */
export class MarketFeed {
  readonly hub: FeedHub;
  private floodFactor = 1;
  private readonly tradeListeners = new Set<TradeListener>();

  constructor(
    readonly source: SimFeed | ReplayFeed,
    readonly clock: Clock,
    heartbeat: { pingMs: number; maxMissedPings: number },
  ) {
    this.hub = new FeedHub(source.data, { clock, ...heartbeat });
    source.onTrade = (symbol, group, atMs) => {
      for (const listener of this.tradeListeners) listener(symbol, group, atMs);
    };
    source.start(this.hub);
  }

  /**
   * Calls `listener` for every trade group the feed prints from now on, in print order, with the
   * server time it was printed (for a replay: when it was replayed, not the recorded ts). For
   * matching resting orders against the market. Returns the function that stops the calls.
   */
  onTrades(listener: TradeListener): () => void {
    this.tradeListeners.add(listener);
    return () => this.tradeListeners.delete(listener);
  }

  get data(): MarketData {
    return this.source.data;
  }

  get flood(): number {
    return this.floodFactor;
  }

  /**
   * Last trade price of `symbol` at `tMs` as an exact decimal string (e.g. "65012.34"), or null when
   * unknown: an unknown symbol, a time in the future, before the data, or older than the 48 h kept.
   * Stable: once answered for a past time, the answer for that time never changes.
   */
  priceAt(symbol: string, tMs: number): string | null {
    if (tMs > this.clock.now()) return null;
    // Deliver whatever became due so the answer covers every trade up to now.
    this.source.pump();
    return this.source.data.lastPrice(symbol, tMs);
  }

  setFlood(factor: number): void {
    this.floodFactor = factor;
    this.source.setFlood(factor);
  }

  close(): void {
    this.source.stop();
    this.hub.close();
  }
}

export interface CreateFeedOptions {
  clock?: Clock;
}

/**
 * Builds the feed that `config` describes (FEED_SOURCE, FEED_SEED, FEED_START_MS, FEED_REPLAY_*, FEED_PING_MS,
 * FEED_MAX_MISSED_PINGS), whose ranges loadConfig has checked.
 */
export function createMarketFeed(config: FeedConfig, options: CreateFeedOptions = {}): MarketFeed {
  const clock = options.clock ?? systemClock;
  let source: SimFeed | ReplayFeed;
  if (config.source === 'replay') {
    source = new ReplayFeed(readTranscript(config.replayFile), { speed: config.replaySpeed, loop: config.replayLoop }, clock);
  } else {
    source = new SimFeed(clock, config.seed, config.startMs);
  }
  return new MarketFeed(source, clock, { pingMs: config.pingMs, maxMissedPings: config.maxMissedPings });
}
