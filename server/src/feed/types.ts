import type { Period } from './periods.ts';

/** One kline bar; `id` is its open time in epoch seconds. amount = base volume, vol = quote turnover. */
export interface Bar {
  id: number;
  open: number;
  close: number;
  low: number;
  high: number;
  amount: number;
  vol: number;
  count: number;
}

/** One executed trade. `id` is the 27-digit HTX id, kept as its digit string (it exceeds 2^53). */
export interface Trade {
  id: string;
  ts: number;
  tradeId: number;
  amount: number;
  price: number;
  direction: 'buy' | 'sell';
}

/** The trades of one match (one taker order), as HTX groups them; `id` is the match id. */
export interface TradeGroup {
  id: number;
  ts: number;
  data: Trade[];
}

/** `[price, size]` */
export type Level = [number, number];

export interface DepthTick {
  bids: Level[];
  asks: Level[];
  version: number;
  ts: number;
}

/** 24 h rolling summary (`market.$s.detail`). */
export interface DetailTick {
  id: number;
  low: number;
  high: number;
  open: number;
  close: number;
  vol: number;
  amount: number;
  version: number;
  count: number;
}

export interface BboTick {
  seqId: number;
  ask: number;
  askSize: number;
  bid: number;
  bidSize: number;
  quoteTime: number;
  symbol: string;
}

export interface TickerTick {
  amount: number;
  count: number;
  open: number;
  close: number;
  low: number;
  high: number;
  vol: number;
  bid: number;
  bidSize: number;
  ask: number;
  askSize: number;
  lastPrice: number;
  lastSize: number;
}

/** An mbp increment; a side without changes is absent. A size of 0 deletes the level. */
export interface MbpIncrement {
  seqNum: number;
  prevSeqNum: number;
  bids?: Level[];
  asks?: Level[];
}

export interface MbpSnapshot {
  seqNum: number;
  bids: Level[];
  asks: Level[];
}

/** A served symbol as `/v1/common/symbols` describes it. */
export interface MarketSymbol {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  amountPrecision: number;
}

/**
 * What a feed source (simulator or replay) knows at this moment. The WebSocket `req` answers and
 * the market REST endpoints are built only from this, so both sources serve both the same way.
 */
export interface MarketData {
  marketSymbols(): readonly MarketSymbol[];
  /** Whether the source serves this topic (exact topic string, e.g. `market.btcusdt.kline.1min`). */
  hasTopic(topic: string): boolean;
  /** Bars ascending by id, the last one still open; undefined when the symbol or period is not served. */
  bars(symbol: string, period: Period): readonly Bar[] | undefined;
  /** Retained trade groups up to `nowMs`, oldest first. */
  tradeGroups(symbol: string, nowMs: number): readonly TradeGroup[];
  detail(symbol: string, nowMs: number): DetailTick | undefined;
  /** step 0..5; `levels` caps each side (150 for step0, 20 otherwise unless asked for fewer). */
  depth(symbol: string, step: number, levels: number, nowMs: number): DepthTick | undefined;
  bbo(symbol: string, nowMs: number): BboTick | undefined;
  ticker(symbol: string, nowMs: number): TickerTick | undefined;
  /** The book as of the last increment sent on `market.$symbol.mbp.$levels`, with that increment's seqNum. */
  mbpSnapshot(symbol: string, levels: number): MbpSnapshot | undefined;
  /** The last pushed (or current) message of a topic, sent to a new subscriber right after the ack. */
  cachedPush(topic: string, nowMs: number): string | undefined;
  /** Last trade price of `symbol` at time `tMs` as an exact decimal string, or null when unknown. */
  lastPrice(symbol: string, tMs: number): string | null;
}

/** How a source hands pushes to the connected clients. */
export interface Publisher {
  /** Topics with at least one subscriber right now. */
  subscribedTopics(): Iterable<string>;
  wants(topic: string): boolean;
  /** Whether pushes are being held back (the stall control). */
  isStalled(): boolean;
  /** Sends `json` (a complete push message) to every subscriber of `topic`, gzipped once. */
  publish(topic: string, json: string): void;
}

/** Told about every trade group as the feed prints it; `atMs` is the server time it was printed. */
export type TradeListener = (symbol: string, group: TradeGroup, atMs: number) => void;

/** A running source of market data (the simulator or a replay). */
export interface FeedSource {
  readonly kind: 'simulate' | 'replay';
  readonly data: MarketData;
  /** Set by the feed; called for every trade group printed, whether or not anyone subscribed. */
  onTrade: TradeListener | undefined;
  start(publisher: Publisher): void;
  /** Sends whatever became due by now (the sources also do this on their own timers). */
  pump(): void;
  stop(): void;
  /** Test control: multiply the push rate (1 = normal). */
  setFlood(factor: number): void;
}
