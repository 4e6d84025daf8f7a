import {
  encodeBar,
  encodeBbo,
  encodeDepth,
  encodeDetail,
  encodeMbpIncrement,
  encodePush,
  encodeTicker,
  encodeTradeGroup,
} from '../encode.ts';
import type { Period } from '../periods.ts';
import { SYMBOLS, type SymbolInfo } from '../symbols.ts';
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
  TradeGroup,
} from '../types.ts';
import { ticksToDecimal } from '../price-log.ts';
import type { BookLevel } from './order-book.ts';
import { STEP_MS, SymbolSim, type SimEvent } from './symbol-sim.ts';

/** A catch-up keeps the mbp views for its last minute only (see `catchUp`). */
const CATCH_UP_VIEWS_MS = 60_000;
/** A catch-up simulates this much at a time and drops its events, so the queue stays small. */
const CATCH_UP_CHUNK_MS = 60_000;

export interface SimulatorOptions {
  seed: number;
  /** The simulated market starts here (ms); history is synthesized before it. */
  startMs: number;
  symbols?: readonly SymbolInfo[];
}

/**
 * The deterministic market of every catalogue symbol: the same seed and start time give the same
 * trades, books and bars, however `advanceTo` is called. Time never moves by itself; a driver
 * (sim-feed.ts) or a test calls `advanceTo`.
 */
export class Simulator implements MarketData {
  readonly startMs: number;
  /** Multiplies the trade and maker rates (the flood control). */
  intensity = 1;
  /** While set, no mbp increments are made (the feed is stalled: nothing would reach subscribers). */
  holdMbp = false;
  private readonly sims = new Map<string, SymbolSim>();
  private nextStep: number;
  private queue: SimEvent[] = [];
  private readonly symbolList: MarketSymbol[];

  constructor(options: SimulatorOptions) {
    this.startMs = options.startMs;
    const symbols = options.symbols ?? SYMBOLS;
    symbols.forEach((info, index) =>
      this.sims.set(info.symbol, new SymbolSim(info, options.seed, index + 1, options.startMs)),
    );
    this.symbolList = symbols.map(({ symbol, base, quote, pricePrecision, amountPrecision }) => ({
      symbol,
      base,
      quote,
      pricePrecision,
      amountPrecision,
    }));
    this.nextStep = Math.ceil(options.startMs / STEP_MS) * STEP_MS;
  }

  /**
   * Simulates every step that has begun by `tMs`. A step's trades are all generated when it begins,
   * so everything at or before `tMs` is final; events wait in a queue until their time (`drainEvents`).
   */
  advanceTo(tMs: number): void {
    while (this.nextStep <= tMs) {
      for (const sim of this.sims.values()) sim.step(this.nextStep, this.intensity, this.queue, this.holdMbp);
      this.nextStep += STEP_MS;
    }
  }

  /** Everything before this time (ms) has been simulated. */
  get simulatedUntil(): number {
    return this.nextStep;
  }

  /**
   * Simulates up to `tMs` in one go and drops every event before it (they happened before anyone
   * could see them; those at `tMs` wait in the queue as usual): the start of a market that began
   * in the past. Trades, books and bars come out exactly as if the market had run all along. The
   * mbp views, which cost most of a step, are held until the last minute, as during a stall; once a
   * view's top has changed twice after that (within a second in practice), it and its later
   * increments are exactly the same too.
   */
  catchUp(tMs: number): void {
    const viewsFrom = Math.floor((tMs - CATCH_UP_VIEWS_MS) / STEP_MS) * STEP_MS;
    if (this.nextStep < viewsFrom) this.runDropping(viewsFrom - 1, tMs, true);
    this.runDropping(tMs, tMs, false);
  }

  private runDropping(untilMs: number, nowMs: number, holdMbp: boolean): void {
    this.holdMbp = holdMbp;
    let t = this.nextStep;
    while (this.nextStep <= untilMs) {
      t = Math.min(untilMs, t + CATCH_UP_CHUNK_MS);
      this.advanceTo(t);
      this.drainEvents(Math.min(t, nowMs - 1));
    }
    this.holdMbp = false;
  }

  /** Jumps over a long pause (a suspended process) without simulating it: the market resumes where it was. */
  skipTo(tMs: number): void {
    const target = Math.floor(tMs / STEP_MS) * STEP_MS;
    if (target > this.nextStep) this.nextStep = target;
  }

  /**
   * The events with time <= `tMs`, removed from the queue, in time order (ties in generation order),
   * so the sequence is the same however often this is called.
   */
  drainEvents(tMs: number): SimEvent[] {
    if (this.queue.length === 0) return [];
    const ready: SimEvent[] = [];
    const later: SimEvent[] = [];
    for (const event of this.queue) (event.ts <= tMs ? ready : later).push(event);
    this.queue = later;
    return ready.sort((a, b) => a.ts - b.ts);
  }

  symbolSim(symbol: string): SymbolSim | undefined {
    return this.sims.get(symbol);
  }

  // ---- MarketData ----

  marketSymbols(): readonly MarketSymbol[] {
    return this.symbolList;
  }

  hasTopic(topic: string): boolean {
    const parsed = parseTopic(topic);
    return parsed !== undefined && this.sims.has(parsed.symbol);
  }

  bars(symbol: string, period: Period): readonly Bar[] | undefined {
    return this.sims.get(symbol)?.series[period].bars;
  }

  tradeGroups(symbol: string, nowMs = Number.POSITIVE_INFINITY): readonly TradeGroup[] {
    const groups = this.sims.get(symbol)?.groups ?? [];
    let end = groups.length;
    while (end > 0 && (groups[end - 1] as TradeGroup).ts > nowMs) end--;
    return end === groups.length ? groups : groups.slice(0, end);
  }

  detail(symbol: string): DetailTick | undefined {
    const sim = this.sims.get(symbol);
    if (!sim) return undefined;
    const bars = sim.series['1min'].bars;
    // Rolling 24 h at minute resolution: the open minute plus the 1439 before it.
    const from = Math.max(0, bars.length - 1440);
    const first = bars[from] as Bar;
    let high = first.high;
    let low = first.low;
    let amount = 0;
    let vol = 0;
    let count = 0;
    for (let i = from; i < bars.length; i++) {
      const bar = bars[i] as Bar;
      if (bar.high > high) high = bar.high;
      if (bar.low < low) low = bar.low;
      amount += bar.amount;
      vol += bar.vol;
      count += bar.count;
    }
    const close = sim.lastTicks / sim.priceScale;
    return { id: sim.matchId, low, high, open: first.open, close, vol, amount, version: sim.matchId, count };
  }

  /**
   * step0: the top `levels` of the simulated book. stepN: the whole book plus its far tail
   * (far-tail.ts) merged into buckets of 10^N ticks, bids rounding down and asks up, so every
   * stepN level is the sum of the finer levels in its bucket. A bid bucket at price 0 is left out.
   */
  depth(symbol: string, step: number, levels: number, nowMs: number): DepthTick | undefined {
    const sim = this.sims.get(symbol);
    if (!sim) return undefined;
    const { book, priceScale, amountScale } = sim;
    const toLevel = (p: number, q: number): Level => [p / priceScale, q / amountScale];
    if (step === 0) {
      return {
        bids: book.bids.slice(0, levels).map((l) => toLevel(l.p, l.q)),
        asks: book.asks.slice(0, levels).map((l) => toLevel(l.p, l.q)),
        version: book.version,
        ts: nowMs,
      };
    }
    const bucket = 10 ** step;
    const side = (dense: readonly BookLevel[], isBid: boolean): Level[] => {
      const edge = dense[dense.length - 1];
      const tail = edge ? sim.farTail.levels(isBid ? 'bid' : 'ask', edge.p) : [];
      const out: Level[] = [];
      let currentP = Number.NaN;
      let currentQ = 0;
      for (const source of [dense, tail]) {
        for (const level of source) {
          const p = isBid ? Math.floor(level.p / bucket) * bucket : Math.ceil(level.p / bucket) * bucket;
          if (p !== currentP) {
            if (!Number.isNaN(currentP)) out.push(toLevel(currentP, currentQ));
            if (out.length >= levels || p <= 0) return out;
            currentP = p;
            currentQ = 0;
          }
          currentQ += level.q;
        }
      }
      if (!Number.isNaN(currentP) && out.length < levels) out.push(toLevel(currentP, currentQ));
      return out;
    };
    return { bids: side(book.bids, true), asks: side(book.asks, false), version: book.version, ts: nowMs };
  }

  bbo(symbol: string, nowMs: number): BboTick | undefined {
    const sim = this.sims.get(symbol);
    const bid = sim?.book.best('bid');
    const ask = sim?.book.best('ask');
    if (!sim || !bid || !ask) return undefined;
    return {
      seqId: sim.book.version,
      ask: ask.p / sim.priceScale,
      askSize: ask.q / sim.amountScale,
      bid: bid.p / sim.priceScale,
      bidSize: bid.q / sim.amountScale,
      quoteTime: nowMs,
      symbol,
    };
  }

  ticker(symbol: string, nowMs: number): TickerTick | undefined {
    const sim = this.sims.get(symbol);
    const detail = this.detail(symbol);
    const bbo = this.bbo(symbol, nowMs);
    if (!sim || !detail || !bbo) return undefined;
    return composeTicker(detail, bbo, { price: sim.lastTicks / sim.priceScale, size: sim.lastUnits / sim.amountScale });
  }

  mbpSnapshot(symbol: string, levels: number): MbpSnapshot | undefined {
    return this.sims.get(symbol)?.views.get(levels)?.snapshot();
  }

  cachedPush(topic: string, nowMs: number): string | undefined {
    const parsed = parseTopic(topic);
    if (!parsed || !this.sims.has(parsed.symbol)) return undefined;
    const tick = this.tickJson(topic, nowMs);
    return tick === undefined ? undefined : encodePush(topic, nowMs, tick);
  }

  /** The `tick` of the message a topic would push now (the last trade group / increment for those topics). */
  tickJson(topic: string, nowMs: number): string | undefined {
    const parsed = parseTopic(topic);
    const sim = parsed && this.sims.get(parsed.symbol);
    if (!parsed || !sim) return undefined;
    switch (parsed.kind) {
      case 'kline': {
        const bar = sim.currentBar(parsed.period);
        return bar && encodeBar(bar);
      }
      case 'depth': {
        const tick = this.depth(parsed.symbol, parsed.step, parsed.step === 0 ? 150 : 20, nowMs);
        return tick && encodeDepth(tick);
      }
      case 'mbp': {
        const last = sim.views.get(parsed.levels)?.last;
        return last && encodeMbpIncrement(last);
      }
      case 'trade': {
        const groups = this.tradeGroups(parsed.symbol, nowMs);
        const last = groups[groups.length - 1];
        return last && encodeTradeGroup(last);
      }
      case 'detail': {
        const tick = this.detail(parsed.symbol);
        return tick && encodeDetail(tick);
      }
      case 'bbo': {
        const tick = this.bbo(parsed.symbol, nowMs);
        return tick && encodeBbo(tick);
      }
      case 'ticker': {
        const tick = this.ticker(parsed.symbol, nowMs);
        return tick && encodeTicker(tick);
      }
    }
  }

  /**
   * Last trade price at `tMs` (exact decimal). Within the simulation: the last trade at or before
   * it (kept 48 h). Before the first simulated trade: the close of the last synthesized 1min bar
   * that ended by then. Null before the history, beyond the retention, or for a time the
   * simulation has not reached yet.
   */
  lastPrice(symbol: string, tMs: number): string | null {
    const sim = this.sims.get(symbol);
    if (!sim || tMs >= this.nextStep) return null;
    const traded = sim.prices.at(tMs);
    if (traded !== null) return traded;
    if (sim.prices.trimmed) return null;
    return historyPrice(sim, Math.min(tMs, this.startMs));
  }
}

/** Close of the last synthesized 1min bar that ended by `tMs`. */
function historyPrice(sim: SymbolSim, tMs: number): string | null {
  const bars = sim.series['1min'].bars;
  const endSec = Math.min(Math.floor(tMs / 1000), sim.historyEndSec) - 60;
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bars[mid] as Bar).id <= endSec) lo = mid + 1;
    else hi = mid;
  }
  const bar = bars[lo - 1];
  return bar ? ticksToDecimal(Math.round(bar.close * sim.priceScale), sim.info.pricePrecision) : null;
}
