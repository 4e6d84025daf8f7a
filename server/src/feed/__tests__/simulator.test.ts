import { describe, expect, it } from 'vitest';
import { encodeBar, encodeDepth, encodeMbpIncrement, encodeTradeGroup } from '../encode.ts';
import { PERIODS, periodStart } from '../periods.ts';
import { Simulator } from '../sim/simulator.ts';
import type { SimEvent } from '../sim/symbol-sim.ts';
import { SYMBOLS, findSymbol } from '../symbols.ts';
import type { Bar, DepthTick, Level, TradeGroup } from '../types.ts';

const START = Date.UTC(2025, 0, 15, 10, 30, 12, 345);
const only = (...symbols: string[]) => SYMBOLS.filter((s) => symbols.includes(s.symbol));

const describeEvent = (e: SimEvent): string =>
  e.kind === 'trade'
    ? `${e.symbol} ${encodeTradeGroup(e.group)}`
    : `${e.symbol} mbp.${e.levels} ${encodeMbpIncrement(e.increment)}`;

function run(
  seed: number,
  chunks: number[],
  symbols = only('btcusdt', 'dogeusdt'),
): { sim: Simulator; events: string[] } {
  const sim = new Simulator({ seed, startMs: START, symbols });
  const events: string[] = [];
  let t = START;
  for (const chunk of chunks) {
    t += chunk;
    sim.advanceTo(t);
    events.push(...sim.drainEvents(t).map(describeEvent));
  }
  return { sim, events };
}

describe('the simulator', () => {
  it('is deterministic for a seed and start time, however time is advanced', () => {
    const stepwise = run(
      7,
      Array.from({ length: 200 }, () => 100),
    );
    const jumps = run(7, [3, 9_997, 5_000, 5_000]);
    expect(stepwise.events.length).toBeGreaterThan(100);
    expect(jumps.events).toEqual(stepwise.events);
    for (const symbol of ['btcusdt', 'dogeusdt']) {
      for (let step = 0; step <= 5; step++)
        expect(encodeDepth(jumps.sim.depth(symbol, step, step === 0 ? 150 : 20, 0) as never)).toBe(
          encodeDepth(stepwise.sim.depth(symbol, step, step === 0 ? 150 : 20, 0) as never),
        );
      for (const period of PERIODS)
        expect(jumps.sim.bars(symbol, period)?.map(encodeBar)).toEqual(
          stepwise.sim.bars(symbol, period)?.map(encodeBar),
        );
    }
    const other = run(8, [20_000]);
    expect(other.events).not.toEqual(stepwise.events);
  });

  it('synthesizes history for a 200-bar chart at every chart period, aligned like HTX', () => {
    const sim = new Simulator({ seed: 1, startMs: START, symbols: only('ethusdt') });
    const problems: string[] = [];
    for (const period of PERIODS) {
      const bars = sim.bars('ethusdt', period) as readonly Bar[];
      expect(bars.length, period).toBeGreaterThanOrEqual(200);
      bars.forEach((bar, i) => {
        if (periodStart(period, bar.id) !== bar.id) problems.push(`${period} ${bar.id} not aligned`);
        if (i > 0 && bar.id <= (bars[i - 1] as Bar).id) problems.push(`${period} ${bar.id} out of order`);
        if (bar.high < Math.max(bar.open, bar.close) || bar.low > Math.min(bar.open, bar.close) || bar.low <= 0)
          problems.push(`${period} ${bar.id} bad range`);
      });
    }
    expect(problems).toEqual([]);
    // 1day bars open at midnight GMT+8, weeks on Monday.
    const day = (sim.bars('ethusdt', '1day') as readonly Bar[])[10] as Bar;
    expect((day.id + 8 * 3600) % 86400).toBe(0);
    const week = (sim.bars('ethusdt', '1week') as readonly Bar[])[10] as Bar;
    expect(new Date((week.id + 8 * 3600) * 1000).getUTCDay()).toBe(1);
    // The history ends at the start price.
    const minutes = sim.bars('ethusdt', '1min') as readonly Bar[];
    expect((minutes[minutes.length - 2] as Bar).close).toBe(Number(findSymbol('ethusdt')?.startPrice));
  });

  it('has 200 bars at every period of every symbol, each opening at the close before it, the tiers agreeing where they overlap', () => {
    const sim = new Simulator({ seed: 2, startMs: START });
    const problems: string[] = [];
    let compared = 0;
    for (const { symbol } of SYMBOLS) {
      for (const period of PERIODS) {
        const bars = sim.bars(symbol, period) as readonly Bar[];
        if (bars.length < 200) problems.push(`${symbol} ${period}: ${bars.length} bars`);
        for (let i = 1; i < bars.length; i++)
          if ((bars[i] as Bar).open !== (bars[i - 1] as Bar).close)
            problems.push(`${symbol} ${period} ${(bars[i] as Bar).id} opens off the close`);
      }
      // Coarse bars over the day tier are its aggregation; the year tier before it has no finer bars.
      const days = sim.bars(symbol, '1day') as readonly Bar[];
      for (const coarse of ['1week', '1mon', '1year'] as const) {
        const groups = new Map<number, Bar[]>();
        for (const day of days)
          groups.set(periodStart(coarse, day.id), [...(groups.get(periodStart(coarse, day.id)) ?? []), day]);
        for (const bar of (sim.bars(symbol, coarse) as readonly Bar[]).filter((b) => b.id >= (days[0] as Bar).id)) {
          const parts = groups.get(bar.id) ?? [];
          compared++;
          if (bar.open !== parts[0]?.open || bar.close !== parts[parts.length - 1]?.close)
            problems.push(`${symbol} ${coarse} ${bar.id} open/close`);
          if (bar.high !== Math.max(...parts.map((p) => p.high)) || bar.low !== Math.min(...parts.map((p) => p.low)))
            problems.push(`${symbol} ${coarse} ${bar.id} range`);
          if (bar.count !== parts.reduce((n, p) => n + p.count, 0))
            problems.push(`${symbol} ${coarse} ${bar.id} count`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(SYMBOLS.length * 1000);
  });

  it('gives every depth step 20 levels a side (bids: as many buckets as lie above 0), each the sum of the finer levels it buckets', () => {
    const sim = new Simulator({ seed: 4, startMs: START });
    const problems: string[] = [];
    /** `symbol step side` of every stepN answer in which at least one level was checked against the finer answer. */
    const checked = new Set<string>();
    let compared = 0;
    for (const at of [START, START + 20_000]) {
      sim.advanceTo(at);
      for (const { symbol, pricePrecision, amountPrecision } of SYMBOLS) {
        const ticks = (price: number): number => Math.round(price * 10 ** pricePrecision);
        const units = (size: number): number => Math.round(size * 10 ** amountPrecision);
        const steps = [0, 1, 2, 3, 4, 5].map((step) => sim.depth(symbol, step, step === 0 ? 150 : 20, at) as DepthTick);
        const step0 = steps[0] as DepthTick;
        if (step0.bids.length !== 150 || step0.asks.length !== 150)
          problems.push(`${symbol} step0 ${step0.bids.length}/${step0.asks.length}`);
        const bestBid = ticks((step0.bids[0] as Level)[0]);
        for (let step = 1; step <= 5; step++) {
          const bucket = 10 ** step;
          const depth = steps[step] as DepthTick;
          const finer = steps[step - 1] as DepthTick;
          const name = `${symbol} step${step}`;
          if (depth.asks.length !== 20) problems.push(`${name}: ${depth.asks.length} asks`);
          if (depth.bids.length !== Math.min(20, Math.floor(bestBid / bucket)))
            problems.push(`${name}: ${depth.bids.length} bids at best bid ${bestBid} ticks`);
          if (depth.bids[0] && depth.asks[0] && depth.bids[0][0] >= depth.asks[0][0]) problems.push(`${name}: crossed`);
          for (const isBid of [true, false]) {
            const levels = isBid ? depth.bids : depth.asks;
            const finerLevels = isBid ? finer.bids : finer.asks;
            const bucketOf = (p: number): number => (isBid ? Math.floor(p / bucket) : Math.ceil(p / bucket)) * bucket;
            levels.forEach(([price, size], i) => {
              const p = ticks(price);
              if (p <= 0 || p % bucket !== 0 || size <= 0)
                problems.push(`${name} ${price} ${size}: off the grid or not positive`);
              const previous = levels[i - 1];
              if (previous && (isBid ? previous[0] <= price : previous[0] >= price))
                problems.push(`${name} ${price}: out of order`);
              // Only a bucket the finer answer shows whole (it has a level past the bucket) can be summed.
              if (!finerLevels.some(([f]) => (isBid ? ticks(f) < p : ticks(f) > p))) return;
              const parts = finerLevels.filter(([f]) => bucketOf(ticks(f)) === p);
              const sum = parts.reduce((n, [, q]) => n + units(q), 0);
              if (sum !== units(size)) problems.push(`${name} ${price}: ${size} but its finer levels sum to ${sum}`);
              checked.add(`${name} ${isBid ? 'bid' : 'ask'}`);
              compared++;
            });
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // Every ask side, at every step of every symbol, had a level checked.
    for (const { symbol } of SYMBOLS)
      for (let step = 1; step <= 5; step++)
        expect(checked.has(`${symbol} step${step} ask`), `${symbol} step${step}`).toBe(true);
    expect(compared).toBeGreaterThan(SYMBOLS.length * 5 * 2);
  });

  it('trades hit the book: takers fill resting levels at their prices, and the book never crosses', () => {
    const sim = new Simulator({ seed: 3, startMs: START, symbols: only('btcusdt') });
    const book = sim.symbolSim('btcusdt')?.book;
    if (!book) throw new Error('no book');
    let t = Math.ceil(START / 100) * 100;
    let fills = 0;
    let fromBook = 0;
    for (let step = 0; step < 600; step++) {
      const asks = new Map(book.asks.map((l) => [l.p, l.q]));
      const bids = new Map(book.bids.map((l) => [l.p, l.q]));
      t += 100;
      sim.advanceTo(t - 1);
      for (const event of sim.drainEvents(t)) {
        if (event.kind !== 'trade') continue;
        for (const trade of event.group.data) {
          const ticks = Math.round(trade.price * 100);
          const units = Math.round(trade.amount * 1e6);
          const resting = trade.direction === 'buy' ? asks.get(ticks) : bids.get(ticks);
          fills++;
          if (resting !== undefined && units <= resting) fromBook++;
        }
      }
      expect((book.bids[0]?.p ?? 0) < (book.asks[0]?.p ?? 0)).toBe(true);
      expect(book.bids.length).toBeGreaterThanOrEqual(150);
      expect(book.asks.length).toBeGreaterThanOrEqual(150);
    }
    expect(fills).toBeGreaterThan(200);
    // Nearly every fill takes (part of) a level that rested before the step; the rest hit levels
    // makers posted within the same step.
    expect(fromBook / fills).toBeGreaterThan(0.8);
  });

  it('moves with a realistic volatility and trades at a varying rate', () => {
    const sim = new Simulator({ seed: 5, startMs: START, symbols: only('btcusdt') });
    const end = START + 3_600_000;
    sim.advanceTo(end);
    sim.drainEvents(end);
    const minutes = (sim.bars('btcusdt', '1min') as readonly Bar[]).filter(
      (b) => b.id * 1000 >= START && (b.id + 60) * 1000 <= end,
    );
    expect(minutes.length).toBeGreaterThanOrEqual(58);
    const returns = minutes.map((b) => Math.log(b.close / b.open));
    const sd = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length);
    const yearly = sd * Math.sqrt(365.25 * 24 * 60);
    // Configured 60 % a year, with a volatility regime that drifts around it.
    expect(yearly).toBeGreaterThan(0.2);
    expect(yearly).toBeLessThan(2);
    const counts = minutes.map((b) => b.count);
    expect(Math.max(...counts)).toBeGreaterThan(Math.min(...counts) * 1.3);
    expect(counts.reduce((a, b) => a + b, 0) / minutes.length).toBeGreaterThan(60);
  });

  it('builds every bar from its trades and the 24 h detail from the same bars', () => {
    const sim = new Simulator({ seed: 9, startMs: START, symbols: only('solusdt') });
    const end = START + 4 * 60_000;
    sim.advanceTo(end);
    const groups = sim
      .drainEvents(end)
      .filter((e) => e.kind === 'trade')
      .map((e) => (e as { group: TradeGroup }).group);
    for (const bar of (sim.bars('solusdt', '1min') as readonly Bar[]).filter(
      (b) => b.id * 1000 > START && (b.id + 60) * 1000 <= end,
    )) {
      const trades = groups
        .flatMap((g) => [...g.data].reverse())
        .filter((t) => Math.floor(t.ts / 60_000) * 60 === bar.id);
      expect(bar.count).toBe(trades.length);
      expect(bar.close).toBe(trades[trades.length - 1]?.price);
      expect(bar.high).toBe(Math.max(bar.open, ...trades.map((t) => t.price)));
      expect(bar.low).toBe(Math.min(bar.open, ...trades.map((t) => t.price)));
      expect(bar.amount).toBeCloseTo(
        trades.reduce((s, t) => s + t.amount, 0),
        6,
      );
    }
    const detail = sim.detail('solusdt');
    const last1440 = (sim.bars('solusdt', '1min') as readonly Bar[]).slice(-1440);
    expect(detail?.count).toBe(last1440.reduce((s, b) => s + b.count, 0));
    expect(detail?.open).toBe(last1440[0]?.open);
    expect(detail?.high).toBe(Math.max(...last1440.map((b) => b.high)));
  });

  it('keeps every period, the open bars included, equal to the aggregation of the 1min bars', () => {
    const sim = new Simulator({ seed: 13, startMs: START, symbols: only('bnbusdt') });
    sim.advanceTo(START + 7 * 60_000);
    const minutes = sim.bars('bnbusdt', '1min') as readonly Bar[];
    for (const period of ['5min', '15min', '30min', '60min'] as const) {
      const coarse = (sim.bars('bnbusdt', period) as readonly Bar[]).slice(-12);
      for (const bar of coarse) {
        const parts = minutes.filter((m) => periodStart(period, m.id) === bar.id);
        expect(bar.open, period).toBe(parts[0]?.open);
        expect(bar.close, period).toBe(parts[parts.length - 1]?.close);
        expect(bar.high, period).toBe(Math.max(...parts.map((p) => p.high)));
        expect(bar.low, period).toBe(Math.min(...parts.map((p) => p.low)));
        expect(bar.count, period).toBe(parts.reduce((n, p) => n + p.count, 0));
        expect(bar.amount, period).toBeCloseTo(
          parts.reduce((n, p) => n + p.amount, 0),
          6,
        );
      }
    }
  });

  it('answers the last trade price at a time exactly and stably', () => {
    const sim = new Simulator({ seed: 11, startMs: START, symbols: only('dogeusdt') });
    const end = START + 30_000;
    sim.advanceTo(end);
    const trades = sim
      .drainEvents(end)
      .filter((e) => e.kind === 'trade')
      .flatMap((e) => [...(e as { group: TradeGroup }).group.data].reverse());
    expect(trades.length).toBeGreaterThan(20);
    const answers = new Map<number, string | null>();
    for (let i = 0; i < trades.length; i++) {
      const trade = trades[i] as TradeGroup['data'][number];
      const next = trades[i + 1];
      if (next && next.ts === trade.ts) continue;
      const price = sim.lastPrice('dogeusdt', trade.ts);
      expect(price).toMatch(/^\d+\.\d{6}$/);
      expect(Number(price)).toBe(trade.price);
      answers.set(trade.ts, price);
    }
    // Before the first simulated trade: the synthesized history, ending at the start price.
    expect(sim.lastPrice('dogeusdt', START - 1)).toBe('0.150000');
    expect(sim.lastPrice('dogeusdt', START - 9 * 86_400_000)).toBeNull();
    // Not simulated yet: unknown; an unknown symbol: unknown.
    expect(sim.lastPrice('dogeusdt', end + 60_000)).toBeNull();
    expect(sim.lastPrice('nosuch', end)).toBeNull();
    sim.advanceTo(end + 60_000);
    for (const [ts, price] of answers) expect(sim.lastPrice('dogeusdt', ts)).toBe(price);
  });
});
