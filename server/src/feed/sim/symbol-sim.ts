import { PERIODS, type Period } from '../periods.ts';
import { PRICE_RETENTION_MS, PriceLog, decimalToTicks, ticksToDecimal } from '../price-log.ts';
import { Prng } from '../prng.ts';
import type { SymbolInfo } from '../symbols.ts';
import { MBP_LEVELS } from '../topics.ts';
import type { Bar, MbpIncrement, Trade, TradeGroup } from '../types.ts';
import { BarSeries } from './bars.ts';
import { FarTail, hash } from './far-tail.ts';
import { sharedHistory } from './history.ts';
import { MbpView } from './mbp-view.ts';
import { OrderBook, type BookLevel, type Side } from './order-book.ts';

/** The simulation advances in fixed steps on a grid of absolute time, so chunking never matters. */
export const STEP_MS = 100;
const YEAR_MS = 365.25 * 86400 * 1000;
/** Levels kept per side: the visible 150 plus a margin so fills never expose an empty tail. */
const MIN_LEVELS = 165;
const MAX_LEVELS = 190;
/** Trade groups kept for `req` (300) and REST history (up to 2000). */
const KEEP_GROUPS = 2000;
/** Bars kept per period as the series grows (history is larger for the coarse periods). */
const KEEP_BARS = 20_000;
/** Share of the trade rate that comes from random takers; the rest are sweeps that follow the price. */
const NOISE_SHARE = 0.6;
const MAKER_UPDATES_PER_S = 15;

export type SimEvent =
  | { kind: 'trade'; symbol: string; ts: number; group: TradeGroup }
  | { kind: 'mbp'; symbol: string; ts: number; levels: number; increment: MbpIncrement };

/**
 * One symbol's market: a latent fair price doing a random walk (with slowly varying volatility and
 * activity), a 150+ level book kept around it, and takers that trade against that book: sweeps when
 * the fair price moves through resting levels, and random takers at a varying rate. Every trade
 * fills real levels (and shrinks them), and feeds the bars of every period and the price log.
 */
export class SymbolSim {
  readonly priceScale: number;
  readonly amountScale: number;
  readonly book: OrderBook;
  readonly series: Record<Period, BarSeries>;
  readonly groups: TradeGroup[] = [];
  readonly prices = new PriceLog(PRICE_RETENTION_MS);
  readonly views = new Map<number, MbpView>();
  /** Orders beyond the book, for the coarse depth steps (never traded). */
  readonly farTail: FarTail;
  lastTicks: number;
  lastUnits = 0;
  /** The last trade's match id, the detail `id`/`version`. */
  matchId: number;
  private tradeId: number;
  private fair: number;
  private volRegime = 0;
  private activityRegime = 0;
  private readonly rng: Prng;
  private readonly tradeNotional: number;
  private readonly levelNotional: number;
  /** The first live minute: synthesized 1min bars end here. */
  readonly historyEndSec: number;

  constructor(
    readonly info: SymbolInfo,
    seed: number,
    stream: number,
    startMs: number,
  ) {
    this.rng = new Prng(seed, stream);
    this.priceScale = 10 ** info.pricePrecision;
    this.amountScale = 10 ** info.amountPrecision;
    this.lastTicks = decimalToTicks(info.startPrice, info.pricePrecision);
    this.fair = this.lastTicks;
    this.tradeNotional = info.dailyQuoteVolume / 86400 / info.tradesPerSecond;
    this.levelNotional = (info.dailyQuoteVolume / 86400) * 3;
    this.matchId = 100_000_000_000 + this.rng.int(0, 99_999_999) * 1000;
    this.tradeId = 100_000_000_000 + this.rng.int(0, 99_999_999) * 100;
    this.book = new OrderBook(100_000_000_000 + this.rng.int(0, 99_999_999) * 1000);
    this.farTail = new FarTail({
      key: hash(seed, stream),
      priceScale: this.priceScale,
      amountScale: this.amountScale,
      levelNotional: this.levelNotional,
    });

    const startSec = Math.floor(startMs / 60_000) * 60;
    // A negative stream is apart from every symbol's own (1, 2, ...).
    const history = sharedHistory(info, this.rng, new Prng(seed, -stream), startSec, this.lastTicks, {
      priceScale: this.priceScale,
    });
    this.historyEndSec = startSec;
    const startPrice = this.lastTicks / this.priceScale;
    this.series = Object.fromEntries(
      PERIODS.map((period) => {
        const series = new BarSeries(period, history[period], Math.max(KEEP_BARS, history[period].length));
        series.rollTo(startMs / 1000, startPrice);
        return [period, series];
      }),
    ) as Record<Period, BarSeries>;
    this.fillBook();
    for (const levels of MBP_LEVELS)
      this.views.set(levels, new MbpView(levels, this.book, this.priceScale, this.amountScale));
  }

  /**
   * Simulates [t0, t0 + STEP_MS) and appends what happened to `out`. With `holdMbp` the mbp views
   * keep what subscribers last saw, so the next increment still chains on from it.
   */
  step(t0: number, intensity: number, out: SimEvent[], holdMbp = false): void {
    const rng = this.rng;
    this.volRegime += -0.002 * this.volRegime + 0.03 * rng.normal();
    this.activityRegime += -0.01 * this.activityRegime + 0.08 * rng.normal();
    const sigma = this.info.yearlyVolatility * Math.exp(this.volRegime) * Math.sqrt(STEP_MS / YEAR_MS);
    this.fair = Math.max(10, this.fair * Math.exp(sigma * rng.normal()));

    for (const series of PERIODS) this.series[series].rollTo(t0 / 1000, this.lastTicks / this.priceScale);

    const rate = this.info.tradesPerSecond * NOISE_SHARE * Math.exp(this.activityRegime) * intensity;
    const times = [t0 + Math.floor(rng.next() * STEP_MS)];
    const noise = rng.poisson((rate * STEP_MS) / 1000);
    for (let i = 0; i < noise; i++) times.push(t0 + Math.floor(rng.next() * STEP_MS));
    const sweepAt = times[0] as number;
    const order = times
      .map((t, i) => ({ t, sweep: i === 0 }))
      .sort((a, b) => a.t - b.t || Number(b.sweep) - Number(a.sweep));
    for (const event of order) {
      if (event.sweep) this.sweep(sweepAt, out);
      else this.randomTaker(event.t, out);
    }

    const makers = rng.poisson((MAKER_UPDATES_PER_S * intensity * STEP_MS) / 1000);
    for (let i = 0; i < makers; i++) this.makerUpdate();
    this.fillBook();

    if (holdMbp) return;
    for (const view of this.views.values()) {
      const increment = view.update(this.book);
      if (increment) out.push({ kind: 'mbp', symbol: this.info.symbol, ts: t0, levels: view.levels, increment });
    }
  }

  /**
   * Test control: moves the latent fair price by `percent` (e.g. 5 or -5). The market follows it
   * as it always does: the next steps' takers sweep the book up or down to it, printing real trades.
   */
  moveFair(percent: number): void {
    this.fair = Math.max(10, this.fair * (1 + percent / 100));
  }

  /** Current open bar of a period. */
  currentBar(period: Period): Bar | undefined {
    return this.series[period].current;
  }

  private get meanGap(): number {
    return Math.max(1, Math.round(this.fair * 0.00008));
  }

  /** Takers follow the fair price: every resting level it moved through is filled, as one match per side. */
  private sweep(t: number, out: SimEvent[]): void {
    const asks = this.book.asks;
    const hitAsks: BookLevel[] = [];
    while (asks.length && (asks[0] as BookLevel).p <= this.fair) {
      const level = asks[0] as BookLevel;
      if (hitAsks.length < 30) hitAsks.push({ ...level });
      this.book.take('ask', 0, level.q);
    }
    if (hitAsks.length) this.recordGroup(t, 'buy', hitAsks, out);
    const bids = this.book.bids;
    const hitBids: BookLevel[] = [];
    while (bids.length && (bids[0] as BookLevel).p >= this.fair) {
      const level = bids[0] as BookLevel;
      if (hitBids.length < 30) hitBids.push({ ...level });
      this.book.take('bid', 0, level.q);
    }
    if (hitBids.length) this.recordGroup(t, 'sell', hitBids, out);
    this.refillTop();
  }

  /** A taker of random size and side fills the best levels (at most 5). */
  private randomTaker(t: number, out: SimEvent[]): void {
    const rng = this.rng;
    const direction = rng.next() < 0.5 ? 'buy' : 'sell';
    const side: Side = direction === 'buy' ? 'ask' : 'bid';
    const levels = this.book.levels(side);
    const best = levels[0];
    if (!best) return;
    const notional = this.tradeNotional * Math.exp(rng.normal() - 0.5);
    let remaining = Math.max(1, Math.round((notional / (best.p / this.priceScale)) * this.amountScale));
    const fills: BookLevel[] = [];
    while (remaining > 0 && levels.length && fills.length < 5) {
      const level = levels[0] as BookLevel;
      const q = Math.min(remaining, level.q);
      fills.push({ p: level.p, q });
      this.book.take(side, 0, q);
      remaining -= q;
    }
    this.recordGroup(t, direction, fills, out);
    this.refillTop();
  }

  private recordGroup(ts: number, direction: 'buy' | 'sell', fills: BookLevel[], out: SimEvent[]): void {
    const rng = this.rng;
    this.matchId += rng.int(1, 40);
    const data: Trade[] = [];
    for (const fill of fills) {
      this.tradeId += 1;
      const suffix =
        String(rng.uint32() % 10_000_000).padStart(7, '0') + String(rng.uint32() % 100_000_000).padStart(8, '0');
      data.push({
        id: `${this.matchId}${suffix}`,
        ts,
        tradeId: this.tradeId,
        amount: fill.q / this.amountScale,
        price: fill.p / this.priceScale,
        direction,
      });
      this.lastTicks = fill.p;
      this.lastUnits = fill.q;
      this.prices.record(ts, ticksToDecimal(fill.p, this.info.pricePrecision));
      for (const period of PERIODS)
        this.series[period].addTrade(ts / 1000, fill.p / this.priceScale, fill.q / this.amountScale);
    }
    // HTX lists the trades of one match newest id first.
    data.reverse();
    const group: TradeGroup = { id: this.matchId, ts, data };
    this.groups.push(group);
    if (this.groups.length > KEEP_GROUPS * 1.25) this.groups.splice(0, this.groups.length - KEEP_GROUPS);
    out.push({ kind: 'trade', symbol: this.info.symbol, ts, group });
  }

  /** Market makers step in: a best level never sits far from the fair price. The book never crosses. */
  private refillTop(): void {
    const gap = this.meanGap;
    const reach = Math.max(1, Math.floor(gap / 3));
    const bestAsk = this.book.best('ask');
    if (!bestAsk || bestAsk.p > this.fair + reach) {
      const p = Math.floor(this.fair) + 1 + Math.floor(this.rng.next() * reach);
      if (!bestAsk || p < bestAsk.p) this.book.set('ask', p, this.levelSize(p, 0));
    }
    const bestBid = this.book.best('bid');
    if (!bestBid || bestBid.p < this.fair - reach) {
      const p = Math.ceil(this.fair) - 1 - Math.floor(this.rng.next() * reach);
      if (p > 0 && (!bestBid || p > bestBid.p)) this.book.set('bid', p, this.levelSize(p, 0));
    }
  }

  /** Resting orders change size, get cancelled, or appear in gaps; mostly near the top. */
  private makerUpdate(): void {
    const rng = this.rng;
    const side: Side = rng.next() < 0.5 ? 'bid' : 'ask';
    const levels = this.book.levels(side);
    if (levels.length < 2) return;
    const index = Math.min(levels.length - 2, Math.floor(rng.exponential() * 12));
    const level = levels[index] as BookLevel;
    const action = rng.next();
    if (action < 0.45) {
      this.book.set(side, level.p, Math.max(1, Math.round(level.q * Math.exp(0.5 * rng.normal()))));
    } else if (action < 0.7) {
      this.book.set(side, level.p, 0);
    } else {
      const next = levels[index + 1] as BookLevel;
      const room = Math.abs(next.p - level.p) - 1;
      if (room < 1) return;
      const offset = 1 + Math.floor(rng.next() * room);
      const p = side === 'bid' ? level.p - offset : level.p + offset;
      this.book.set(side, p, this.levelSize(p, index));
    }
    this.refillTop();
  }

  /** Keeps 165..190 levels per side by adding orders behind the last one or dropping the farthest. */
  private fillBook(): void {
    this.refillTop();
    for (const side of ['bid', 'ask'] as const) {
      const levels = this.book.levels(side);
      while (levels.length < MIN_LEVELS) {
        const last = levels[levels.length - 1];
        const from = last ? last.p : side === 'bid' ? Math.ceil(this.fair) : Math.floor(this.fair);
        const step = 1 + Math.floor(this.rng.exponential() * (this.meanGap - 1 + 0.5));
        const p = side === 'bid' ? from - step : from + step;
        if (p <= 0) break;
        this.book.set(side, p, this.levelSize(p, levels.length));
      }
      while (levels.length > MAX_LEVELS) this.book.set(side, (levels[levels.length - 1] as BookLevel).p, 0);
    }
  }

  private levelSize(p: number, depthIndex: number): number {
    const notional = this.levelNotional * Math.exp(0.9 * this.rng.normal()) * (1 + depthIndex / 40);
    return Math.max(1, Math.round((notional / (p / this.priceScale)) * this.amountScale));
  }
}
