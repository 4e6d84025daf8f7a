/**
 * What the trading logic needs from the market feed, and nothing more. The domain (matching,
 * settlement, market lists) depends only on this; `feed-market-port.ts` wires it to the real feed
 * (simulator or replay). Every price and size crosses this boundary as exact decimal text.
 */

/** A pair the feed serves. `symbol` is the HTX id (`btcusdt`); coins are lowercase. */
export interface PairInfo {
  symbol: string;
  base: string;
  quote: string;
  /** Decimals of a price; the tick is 10^-pricePrecision. */
  pricePrecision: number;
  /** Decimals of an amount in the base coin. */
  amountPrecision: number;
}

/**
 * A price, the instant it is the price for (epoch ms), and the market trade that set it: the last
 * trade printed at or before that instant, named by its id and time exactly as the public feed
 * published them, so anyone can find it in the feed and check the price.
 */
export interface PricePoint {
  price: string;
  ts: number;
  /** HTX `tradeId` of the trade, decimal text. */
  tradeId: string;
  /** The trade's `ts` in the feed, epoch ms. */
  tradeTs: number;
}

/** One level of the book as the feed shows it. */
export interface BookLevel {
  price: string;
  amount: string;
}

/** The rolling 24 h summary of a pair (`amount` = base volume, `vol` = quote turnover). */
export interface MarketTicker {
  open: string;
  close: string;
  high: string;
  low: string;
  amount: string;
  vol: string;
}

/** One executed trade of the feed. */
export interface TradePrint {
  price: string;
  amount: string;
  /** Trade time, epoch ms. */
  ts: number;
  /** HTX tradeId as text. */
  tradeId: string;
}

export type TradeListener = (symbol: string, trade: TradePrint) => void;

export interface MarketPort {
  /**
   * Since when (epoch ms) this feed's prices are the market this server has shown: its start. A
   * restarted simulator begins a new market, so prices before this are not the ones earlier
   * orders saw.
   */
  liveSince(): number;
  /** The pairs the feed serves right now. */
  pairs(): readonly PairInfo[];
  /**
   * The last trade price of `symbol` in force at `atMs` (the last trade at or before it), with
   * `ts = atMs` and that trade; undefined when the feed cannot name the trade (unknown pair, before
   * its first trade, beyond the retention of printed trades, or a time it has not reached yet).
   */
  lastTradePrice(symbol: string, atMs: number): PricePoint | undefined;
  /** The book's best `depth` levels of one side now, best first (bids highest first, asks lowest first). */
  bestLevels(symbol: string, side: 'bid' | 'ask', depth: number): BookLevel[];
  /** The 24 h summary now, or undefined for a pair the feed does not serve. */
  ticker(symbol: string): MarketTicker | undefined;
  /** Calls `listener` for every trade printed from now on, in time order per symbol. Returns the unsubscribe. */
  onTrade(listener: TradeListener): () => void;
  /**
   * Delivers every trade printed up to the present to the listeners before it returns. A polling
   * adapter does its work here; a pushing one may do nothing. Callers run it before they decide
   * anything that earlier trades could have changed (a cancel, an order list).
   */
  flushTrades(): void;
}
