import type { FeedConfig } from '../config.ts';
import { systemClock, type Clock } from './clock.ts';
import { FeedHub } from './hub.ts';
import { ReplayFeed } from './replay/replay-feed.ts';
import { readTranscript } from './replay/transcript.ts';
import { SimFeed } from './sim/sim-feed.ts';
import { plainDecimal } from './java-number.ts';
import { TradeLog, type PrintedTrade } from './trade-log.ts';
import type { MarketData, Trade, TradeListener } from './types.ts';

/**
 * The running market feed of one server: its source (simulator or replay), the socket hub, and the
 * price function the business logic settles against.
 */
export class MarketFeed {
  readonly hub: FeedHub;
  private floodFactor = 1;
  private readonly tradeListeners = new Set<TradeListener>();
  private readonly printed = new Map<string, TradeLog>();

  constructor(
    readonly source: SimFeed | ReplayFeed,
    readonly clock: Clock,
    heartbeat: { pingMs: number; maxMissedPings: number },
  ) {
    this.hub = new FeedHub(source.data, { clock, ...heartbeat });
    source.onTrade = (symbol, group, atMs) => {
      this.recordPrint(symbol, group.data[0], atMs);
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

  /**
   * The trade that set the last price of `symbol` at `tMs`: the last one printed at or before it,
   * with its id and time as the public feed published them and the price `priceAt` answers for
   * that instant. Null when unknown: a time in the future, before the first trade this feed printed
   * since it started, or older than TRADE_PROOF_RETENTION_MS. Stable like `priceAt`.
   */
  tradeAt(symbol: string, tMs: number): PrintedTrade | null {
    if (tMs > this.clock.now()) return null;
    this.source.pump();
    return this.printed.get(symbol)?.at(tMs) ?? null;
  }

  setFlood(factor: number): void {
    this.floodFactor = factor;
    this.source.setFlood(factor);
  }

  /**
   * Keeps the newest trade of a printed match (HTX lists a match's trades newest first): the one
   * whose price is in force afterwards. Its text is the price function's own for that instant, so
   * a settlement names a trade whose price is exactly the price it settled at.
   */
  private recordPrint(symbol: string, trade: Trade | undefined, atMs: number): void {
    if (!trade) return;
    let log = this.printed.get(symbol);
    if (!log) this.printed.set(symbol, (log = new TradeLog()));
    const price = this.source.data.lastPrice(symbol, atMs) ?? plainDecimal(trade.price);
    log.record(atMs, { tradeId: String(trade.tradeId), ts: trade.ts, price });
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
    source = new ReplayFeed(
      readTranscript(config.replayFile),
      { speed: config.replaySpeed, loop: config.replayLoop },
      clock,
    );
  } else {
    source = new SimFeed(clock, config.seed, config.startMs);
  }
  return new MarketFeed(source, clock, { pingMs: config.pingMs, maxMissedPings: config.maxMissedPings });
}
