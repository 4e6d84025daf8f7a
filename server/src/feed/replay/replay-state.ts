import { parseJsonKeepBigInts } from '../frame.ts';
import { plainDecimal } from '../java-number.ts';
import type { Period } from '../periods.ts';
import { PRICE_RETENTION_MS, PriceLog } from '../price-log.ts';
import { composeTicker } from '../ticker.ts';
import { parseTopic } from '../topics.ts';
import type {
  Bar,
  BboTick,
  DepthTick,
  DetailTick,
  Level,
  MarketData,
  MarketSymbol,
  MbpSnapshot,
  TickerTick,
  Trade,
  TradeGroup,
} from '../types.ts';

/** A server message of a recording: a push (`ch`) goes to subscribers; a `rep` (mbp snapshot) only sets state. */
export interface ReplayMessage {
  /** Milliseconds after the first message of the recording. */
  offsetMs: number;
  kind: 'push' | 'rep';
  topic: string;
  /** The message text exactly as recorded. */
  json: string;
}

const KEEP_GROUPS = 2000;
const QUOTES = ['usdt', 'usdc', 'husd', 'busd', 'btc', 'eth', 'trx', 'ht'];

type Json = Record<string, unknown>;
/** A recorded number; anything unusable reads as 0 so one odd frame cannot break the encoders. */
const num = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};
/** A recorded tick with every listed key read as a number. */
function numbers<K extends string>(tick: Json, keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, num(tick[k])])) as Record<K, number>;
}
const levels = (value: unknown): Level[] =>
  Array.isArray(value) ? value.map((l) => [num((l as unknown[])[0]), num((l as unknown[])[1])] as Level) : [];
/** An mbp tick or snapshot (`data`) as book changes. */
const bookIncrement = (tick: Json): BookIncrement => ({
  seqNum: num(tick.seqNum),
  prevSeqNum: num(tick.prevSeqNum),
  bids: levels(tick.bids),
  asks: levels(tick.asks),
});
const decimals = (value: number): number => plainDecimal(value).split('.')[1]?.length ?? 0;

/** Increments kept to line up a recorded snapshot that arrived after later increments. */
const KEEP_INCREMENTS = 1000;

interface BookIncrement {
  seqNum: number;
  prevSeqNum: number;
  bids: Level[];
  asks: Level[];
}

/**
 * An mbp book as a client following the replayed pushes would hold it: once an increment was sent,
 * its `seqNum` is that of the last one, so a `req` snapshot chains onto the next increment. A
 * recorded snapshot (`rep`) is lined up with the increments by seqNum, as a client does: the
 * increments with a later seqNum are applied on top of it, now if they were already sent, or as
 * they are sent if the snapshot came first; a snapshot older than every increment kept is ignored.
 */
class ReplayBook {
  readonly bids = new Map<number, number>();
  readonly asks = new Map<number, number>();
  seqNum = 0;
  private readonly sent: BookIncrement[] = [];
  private pending: BookIncrement | undefined;

  applyIncrement(increment: BookIncrement): void {
    const pending = this.pending;
    if (pending && increment.seqNum >= pending.seqNum) {
      this.pending = undefined;
      this.reset(pending);
    }
    this.applyLevels(increment);
    this.seqNum = increment.seqNum;
    this.sent.push(increment);
    if (this.sent.length > KEEP_INCREMENTS * 1.25) this.sent.splice(0, this.sent.length - KEEP_INCREMENTS);
  }

  applySnapshot(snapshot: BookIncrement): void {
    const last = this.sent[this.sent.length - 1];
    if (!last || snapshot.seqNum > last.seqNum) {
      // Nothing to chain onto yet, or ahead of what was sent: it waits for the increments that follow it.
      if (!last) {
        this.reset(snapshot);
        this.seqNum = snapshot.seqNum;
      }
      this.pending = snapshot;
      return;
    }
    const from = this.sent.findIndex((i) => i.seqNum > snapshot.seqNum);
    if (from >= 0 && (this.sent[from] as BookIncrement).prevSeqNum > snapshot.seqNum) return;
    this.reset(snapshot);
    if (from >= 0) for (const increment of this.sent.slice(from)) this.applyLevels(increment);
  }

  top(side: Map<number, number>, descending: boolean, limit: number): Level[] {
    return [...side.entries()].sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0])).slice(0, limit);
  }

  private reset(snapshot: BookIncrement): void {
    this.bids.clear();
    this.asks.clear();
    this.applyLevels(snapshot);
  }

  private applyLevels({ bids, asks }: BookIncrement): void {
    for (const [side, updates] of [
      [this.bids, bids],
      [this.asks, asks],
    ] as const) {
      for (const [p, q] of updates) {
        if (q === 0) side.delete(p);
        else side.set(p, q);
      }
    }
  }
}

/**
 * What the replayed session has shown so far, as MarketData: the recorded topics, the last push of
 * each, trades, kline bars, depth, detail, bbo, ticker and the mbp books rebuilt from increments.
 * Prices for the business logic come from replayed trades, at the time they were replayed.
 */
export class ReplayState implements MarketData {
  private readonly topics = new Set<string>();
  private readonly symbolList: MarketSymbol[];
  private readonly last = new Map<string, string>();
  private readonly barsBy = new Map<string, Bar[]>();
  private readonly groupsBy = new Map<string, TradeGroup[]>();
  private readonly depthBy = new Map<string, DepthTick>();
  private readonly detailBy = new Map<string, DetailTick>();
  private readonly bboBy = new Map<string, BboTick>();
  private readonly tickerBy = new Map<string, TickerTick>();
  private readonly books = new Map<string, ReplayBook>();
  private readonly prices = new Map<string, PriceLog>();

  constructor(messages: readonly ReplayMessage[]) {
    const precision = new Map<string, { price: number; amount: number }>();
    for (const message of messages) {
      if (message.kind === 'push') this.topics.add(message.topic);
      const parsed = parseTopic(message.topic);
      if (!parsed) continue;
      const seen = precision.get(parsed.symbol) ?? { price: 0, amount: 0 };
      precision.set(parsed.symbol, seen);
      if (parsed.kind === 'trade' && message.kind === 'push') {
        const tick = (parseJsonKeepBigInts(message.json) as Json).tick as Json;
        for (const trade of (tick.data as Json[] | undefined) ?? []) {
          seen.price = Math.max(seen.price, decimals(num(trade.price)));
          seen.amount = Math.max(seen.amount, decimals(num(trade.amount)));
        }
      }
    }
    this.symbolList = [...precision.entries()].map(([symbol, p]) => {
      const quote = QUOTES.find((q) => symbol.endsWith(q) && symbol.length > q.length) ?? symbol.slice(-4);
      return {
        symbol,
        base: symbol.slice(0, symbol.length - quote.length),
        quote,
        pricePrecision: p.price,
        amountPrecision: p.amount,
      };
    });
  }

  /**
   * Takes a replayed message into the state; `atMs` is when it was (due to be) delivered.
   * Returns the trade group when the message printed trades.
   */
  apply(message: ReplayMessage, atMs: number): { symbol: string; group: TradeGroup } | undefined {
    const topic = parseTopic(message.topic);
    if (!topic) return undefined;
    const body = parseJsonKeepBigInts(message.json) as Json;
    if (message.kind === 'rep') {
      const data = body.data as Json | undefined;
      if (topic.kind === 'mbp' && data) this.book(`${topic.symbol}|${topic.levels}`).applySnapshot(bookIncrement(data));
      return undefined;
    }
    this.last.set(message.topic, message.json);
    const tick = body.tick as Json;
    switch (topic.kind) {
      case 'trade': {
        const group = this.addTrades(topic.symbol, tick, atMs);
        return group && { symbol: topic.symbol, group };
      }
      case 'kline':
        this.upsertBar(`${topic.symbol}|${topic.period}`, tick);
        break;
      case 'depth':
        this.depthBy.set(`${topic.symbol}|${topic.step}`, {
          bids: levels(tick.bids),
          asks: levels(tick.asks),
          version: num(tick.version),
          ts: num(tick.ts),
        });
        break;
      case 'detail':
        this.detailBy.set(
          topic.symbol,
          numbers(tick, ['id', 'low', 'high', 'open', 'close', 'vol', 'amount', 'version', 'count']),
        );
        break;
      case 'bbo':
        this.bboBy.set(topic.symbol, {
          ...numbers(tick, ['seqId', 'ask', 'askSize', 'bid', 'bidSize', 'quoteTime']),
          symbol: topic.symbol,
        });
        break;
      case 'ticker':
        this.tickerBy.set(
          topic.symbol,
          numbers(tick, [
            'amount',
            'count',
            'open',
            'close',
            'low',
            'high',
            'vol',
            'bid',
            'bidSize',
            'ask',
            'askSize',
            'lastPrice',
            'lastSize',
          ]),
        );
        break;
      case 'mbp':
        this.book(`${topic.symbol}|${topic.levels}`).applyIncrement(bookIncrement(tick));
        break;
    }
    return undefined;
  }

  /**
   * The recording starts over (a loop or a restart): the mbp books and kline bars it rebuilt are
   * dropped, as the pushes now start again from the recording's first seqNums and bar ids; the
   * last value of every other topic stays until the new round replaces it.
   */
  startRound(): void {
    this.books.clear();
    this.barsBy.clear();
  }

  marketSymbols(): readonly MarketSymbol[] {
    return this.symbolList;
  }

  hasTopic(topic: string): boolean {
    return this.topics.has(topic);
  }

  bars(symbol: string, period: Period): readonly Bar[] | undefined {
    if (!this.symbolList.some((s) => s.symbol === symbol)) return undefined;
    return this.barsBy.get(`${symbol}|${period}`) ?? [];
  }

  tradeGroups(symbol: string): readonly TradeGroup[] {
    return this.groupsBy.get(symbol) ?? [];
  }

  /** The recorded detail push, or else the 24 h summary of the trades replayed so far. */
  detail(symbol: string): DetailTick | undefined {
    const recorded = this.detailBy.get(symbol);
    if (recorded) return recorded;
    const groups = this.groupsBy.get(symbol);
    const newest = groups?.[groups.length - 1];
    if (!groups || !newest) return undefined;
    const trades = groups.flatMap((g) => [...g.data].reverse()).filter((t) => t.ts > newest.ts - 86_400_000);
    const first = trades[0] as Trade;
    const tick: DetailTick = {
      id: newest.id,
      low: first.price,
      high: first.price,
      open: first.price,
      close: first.price,
      vol: 0,
      amount: 0,
      version: newest.id,
      count: 0,
    };
    for (const trade of trades) {
      tick.low = Math.min(tick.low, trade.price);
      tick.high = Math.max(tick.high, trade.price);
      tick.close = trade.price;
      tick.amount += trade.amount;
      tick.vol += trade.amount * trade.price;
      tick.count += 1;
    }
    return tick;
  }

  depth(symbol: string, step: number, limit: number): DepthTick | undefined {
    const tick = this.depthBy.get(`${symbol}|${step}`);
    return tick && { ...tick, bids: tick.bids.slice(0, limit), asks: tick.asks.slice(0, limit) };
  }

  /** The recorded bbo push, or else the best levels of the latest step0 depth. */
  bbo(symbol: string, nowMs: number): BboTick | undefined {
    const recorded = this.bboBy.get(symbol);
    if (recorded) return recorded;
    const depth = this.depthBy.get(`${symbol}|0`);
    const bid = depth?.bids[0];
    const ask = depth?.asks[0];
    if (!depth || !bid || !ask) return undefined;
    return {
      seqId: depth.version,
      ask: ask[0],
      askSize: ask[1],
      bid: bid[0],
      bidSize: bid[1],
      quoteTime: nowMs,
      symbol,
    };
  }

  ticker(symbol: string, nowMs: number): TickerTick | undefined {
    const recorded = this.tickerBy.get(symbol);
    if (recorded) return recorded;
    const detail = this.detail(symbol);
    const bbo = this.bbo(symbol, nowMs);
    if (!detail || !bbo) return undefined;
    const groups = this.groupsBy.get(symbol);
    const lastTrade = groups?.[groups.length - 1]?.data[0];
    return composeTicker(detail, bbo, { price: lastTrade?.price ?? detail.close, size: lastTrade?.amount ?? 0 });
  }

  mbpSnapshot(symbol: string, limit: number): MbpSnapshot | undefined {
    const book = this.books.get(`${symbol}|${limit}`);
    if (!book) return undefined;
    return { seqNum: book.seqNum, bids: book.top(book.bids, true, limit), asks: book.top(book.asks, false, limit) };
  }

  /** The last replayed push of the topic. */
  cachedPush(topic: string): string | undefined {
    return this.last.get(topic);
  }

  lastPrice(symbol: string, tMs: number): string | null {
    return this.prices.get(symbol)?.at(tMs) ?? null;
  }

  private addTrades(symbol: string, tick: Json, atMs: number): TradeGroup | undefined {
    const data = ((tick.data as Json[] | undefined) ?? []).map((t): Trade => ({
      id: String(t.id),
      ts: num(t.ts),
      tradeId: num(t.tradeId ?? t['trade-id']),
      amount: num(t.amount),
      price: num(t.price),
      direction: t.direction === 'buy' ? 'buy' : 'sell',
    }));
    if (data.length === 0) return undefined;
    let groups = this.groupsBy.get(symbol);
    if (!groups) this.groupsBy.set(symbol, (groups = []));
    const group: TradeGroup = { id: num(tick.id), ts: num(tick.ts), data };
    groups.push(group);
    if (groups.length > KEEP_GROUPS * 1.25) groups.splice(0, groups.length - KEEP_GROUPS);
    let log = this.prices.get(symbol);
    if (!log) this.prices.set(symbol, (log = new PriceLog(PRICE_RETENTION_MS)));
    // Trades of a match are listed newest first; the price in force afterwards is the newest one.
    log.record(atMs, plainDecimal((data[0] as Trade).price));
    return group;
  }

  private upsertBar(key: string, tick: Json): void {
    const bar: Bar = {
      id: num(tick.id),
      open: num(tick.open),
      close: num(tick.close),
      low: num(tick.low),
      high: num(tick.high),
      amount: num(tick.amount),
      vol: num(tick.vol),
      count: num(tick.count),
    };
    let bars = this.barsBy.get(key);
    if (!bars) this.barsBy.set(key, (bars = []));
    let at = bars.length - 1;
    while (at >= 0 && (bars[at] as Bar).id > bar.id) at--;
    if (at >= 0 && (bars[at] as Bar).id === bar.id) bars[at] = bar;
    else bars.splice(at + 1, 0, bar);
  }

  private book(key: string): ReplayBook {
    let book = this.books.get(key);
    if (!book) this.books.set(key, (book = new ReplayBook()));
    return book;
  }
}
