import type { Clock } from '../feed/clock.ts';
import type { MarketData, Trade, TradeGroup } from '../feed/types.ts';
import type {
  BookLevel,
  MarketPort,
  MarketTicker,
  PairInfo,
  PricePoint,
  TradeListener,
  TradePrint,
} from './market-port.ts';
import { numberToDecimal } from './money.ts';

/**
 * The parts of the running feed (`MarketFeed` of feed/market-feed.ts, decorated on Fastify as
 * `marketFeed`) the adapter reads.
 */
export interface FeedLike {
  readonly data: MarketData;
  readonly clock: Clock;
  readonly source: { readonly kind: 'simulate' | 'replay'; pump(): void };
  /** The last trade printed at or before a time (its price exact decimal), or null when unknown. */
  tradeAt(symbol: string, tMs: number): { tradeId: string; ts: number; price: string } | null;
}

interface Cursor {
  /** The newest group already delivered (groups are kept as the same objects while retained). */
  group: TradeGroup | undefined;
}

const text = (value: number): string => numberToDecimal(value);

/**
 * The market port over the real feed (simulator or replay). Reads are brought up to the present
 * first (`source.pump()`), so a price or a book is the one the feed shows at this instant.
 *
 * Trades are found by polling the feed's retained trade groups in `flushTrades` (the feed offers
 * no trade callback yet). A trade's `ts` is its print time on this server: the simulator stamps
 * trades in server time; a replay keeps the recording's timestamps, so for a replay the flush
 * instant stands in (the flush runs right after the pump that delivered it). The trading code
 * flushes before it places or cancels an order, so every trade delivered before an order existed
 * is consumed before that order can be matched.
 */
export class FeedMarketPort implements MarketPort {
  private readonly listeners = new Set<TradeListener>();
  private readonly cursors = new Map<string, Cursor>();
  private readonly startedAt: number;

  constructor(private readonly feed: FeedLike) {
    this.startedAt = feed.clock.now();
    this.prime();
  }

  liveSince(): number {
    return this.startedAt;
  }

  pairs(): readonly PairInfo[] {
    return this.feed.data.marketSymbols();
  }

  lastTradePrice(symbol: string, atMs: number): PricePoint | undefined {
    const trade = this.feed.tradeAt(symbol, atMs);
    return trade === null ? undefined : { price: trade.price, ts: atMs, tradeId: trade.tradeId, tradeTs: trade.ts };
  }

  bestLevels(symbol: string, side: 'bid' | 'ask', depth: number): BookLevel[] {
    this.feed.source.pump();
    const book = this.feed.data.depth(symbol, 0, depth, this.feed.clock.now());
    const levels = (side === 'bid' ? book?.bids : book?.asks) ?? [];
    return levels.slice(0, depth).map(([price, amount]) => ({ price: text(price), amount: text(amount) }));
  }

  ticker(symbol: string): MarketTicker | undefined {
    this.feed.source.pump();
    const tick = this.feed.data.ticker(symbol, this.feed.clock.now());
    if (!tick) return undefined;
    return {
      open: text(tick.open),
      close: text(tick.close),
      high: text(tick.high),
      low: text(tick.low),
      amount: text(tick.amount),
      vol: text(tick.vol),
    };
  }

  onTrade(listener: TradeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  flushTrades(): void {
    this.feed.source.pump();
    const now = this.feed.clock.now();
    for (const { symbol } of this.pairs()) {
      const fresh = this.takeNew(symbol, now);
      if (fresh.length === 0 || this.listeners.size === 0) continue;
      for (const group of fresh) {
        // A group lists its trades newest first; deliver them in print order.
        for (let i = group.data.length - 1; i >= 0; i--) {
          const trade = group.data[i] as Trade;
          const print: TradePrint = {
            price: text(trade.price),
            amount: text(trade.amount),
            ts: this.feed.source.kind === 'replay' ? now : trade.ts,
            tradeId: String(trade.tradeId),
          };
          for (const listener of this.listeners) listener(symbol, print);
        }
      }
    }
  }

  /** Marks everything the feed already printed as seen: only trades from now on are delivered. */
  private prime(): void {
    this.feed.source.pump();
    const now = this.feed.clock.now();
    for (const { symbol } of this.pairs()) this.takeNew(symbol, now);
  }

  /** The groups printed since the cursor, moving the cursor to the newest. */
  private takeNew(symbol: string, now: number): TradeGroup[] {
    const groups = this.feed.data.tradeGroups(symbol, now);
    const cursor = this.cursors.get(symbol);
    const newest = groups[groups.length - 1];
    this.cursors.set(symbol, { group: newest });
    if (!cursor) return [];
    if (!cursor.group) return [...groups];
    let at = groups.length - 1;
    while (at >= 0 && groups[at] !== cursor.group) at--;
    if (at >= 0) return groups.slice(at + 1);
    // The cursor's group was dropped from retention: everything newer than it is new.
    const after = cursor.group.ts;
    return groups.filter((group) => group.ts > after);
  }
}
