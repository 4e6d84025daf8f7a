import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ManualClock } from '../clock.ts';
import { encodeBar, encodeDepth, encodeDetail, encodeMbpSnapshot, encodeTradeGroup } from '../encode.ts';
import { createMarketFeed, type MarketFeed } from '../market-feed.ts';
import { PERIODS } from '../periods.ts';
import { MAX_START_AGE_MS, startProblem } from '../sim/sim-feed.ts';
import { SYMBOLS } from '../symbols.ts';
import { MBP_LEVELS } from '../topics.ts';
import type { DepthTick, DetailTick, MbpSnapshot, TradeGroup } from '../types.ts';
import { startServer } from './helpers.ts';

const START = Date.UTC(2025, 2, 3, 9, 15, 27, 512);
const END = START + 3 * 60_000;
/** When the late feeds are created: half way. */
const LATE = START + 90_000;
/**
 * The work is fixed (three minutes of market replayed four times); its time is not. The limit only
 * guards against a hang, so a busy 2-core machine does not fail the test.
 */
const HANG_GUARD_MS = 180_000;

const feedConfig = (env: Record<string, string>) => loadConfig({ ...process.env, FEED_SEED: '31', ...env }).feed;

interface Running {
  feed: MarketFeed;
  clock: ManualClock;
  /** Trade groups printed after the feed was created, as `onTrades` reported them. */
  printed: Array<{ ts: number; text: string }>;
}

/** A feed with FEED_START_MS=`startMs`, created when the wall clock shows `createdAt`. */
function createAt(createdAt: number, env: Record<string, string> = { FEED_START_MS: String(START) }): Running {
  const clock = new ManualClock(createdAt);
  const feed = createMarketFeed(feedConfig(env), { clock });
  const printed: Running['printed'] = [];
  feed.onTrades((symbol, group) => printed.push({ ts: group.ts, text: `${symbol} ${encodeTradeGroup(group)}` }));
  return { feed, clock, printed };
}

/** Moves the wall clock to `until` as the server's timer does: a pump every 100 ms. */
function runTo({ feed, clock }: Running, until: number): void {
  while (clock.now() < until) {
    clock.set(Math.min(until, clock.now() + 100));
    feed.source.pump();
  }
}

/** Everything a client could see of the market at `tMs`, as text. */
function market(feed: MarketFeed, tMs: number): Record<string, string> {
  const data = feed.data;
  const out: Record<string, string> = {};
  for (const { symbol } of SYMBOLS) {
    out[`${symbol} trades`] = data
      .tradeGroups(symbol, tMs)
      .map((g: TradeGroup) => encodeTradeGroup(g))
      .join('\n');
    for (const period of PERIODS)
      out[`${symbol} ${period}`] = (data.bars(symbol, period) ?? []).map(encodeBar).join('\n');
    for (let step = 0; step <= 5; step++)
      out[`${symbol} step${step}`] = encodeDepth(data.depth(symbol, step, step === 0 ? 150 : 20, tMs) as DepthTick);
    for (const levels of MBP_LEVELS)
      out[`${symbol} mbp.${levels}`] = encodeMbpSnapshot(data.mbpSnapshot(symbol, levels) as MbpSnapshot);
    out[`${symbol} detail`] = encodeDetail(data.detail(symbol, tMs) as DetailTick);
    // The price function at every 500 ms of the market's life.
    const prices: Array<string | null> = [];
    for (let t = START; t <= tMs; t += 500) prices.push(feed.priceAt(symbol, t));
    out[`${symbol} prices`] = prices.join(',');
  }
  return out;
}

describe('FEED_START_MS', () => {
  it(
    'gives the same market for the same seed and start, whenever the feed is created',
    () => {
      // From the start, live all along; created half way (caught up, mbp views held then reset); created at the end.
      const live = createAt(START);
      const late = createAt(LATE);
      const atEnd = createAt(END);
      const otherStart = createAt(LATE, { FEED_START_MS: String(START + 60_000) });
      try {
        runTo(live, END);
        runTo(late, END);
        runTo(otherStart, END);

        const expected = market(live.feed, END);
        expect(expected['btcusdt trades']?.split('\n').length).toBeGreaterThan(100);
        expect(market(late.feed, END)).toEqual(expected);
        expect(market(atEnd.feed, END)).toEqual(expected);
        // A feed prints the trades from its creation on: the late one, those the live one printed from then on.
        expect(late.printed.length).toBeGreaterThan(100);
        expect(late.printed).toEqual(live.printed.filter((p) => p.ts >= LATE));
        // The comparison can tell markets apart: another start is another market.
        expect(market(otherStart.feed, END)['btcusdt prices']).not.toEqual(expected['btcusdt prices']);
      } finally {
        for (const { feed } of [live, late, atEnd, otherStart]) feed.close();
      }
    },
    HANG_GUARD_MS,
  );

  it('refuses a start in the future or more than MAX_START_AGE_MS ago, with a clear message', () => {
    const now = Date.UTC(2025, 6, 1, 12);
    expect(startProblem(now, now)).toBeUndefined();
    expect(startProblem(now - MAX_START_AGE_MS, now)).toBeUndefined();
    expect(startProblem(now + 1, now)).toMatch(/^FEED_START_MS=\d+ \(2025-07-01T12:00:00\.001Z\) is in the future/);
    expect(startProblem(now - MAX_START_AGE_MS - 1, now)).toMatch(
      new RegExp(`is 24\\.0 h ago; the simulator catches up at most ${MAX_START_AGE_MS / 3_600_000} h`),
    );
    const clock = new ManualClock(now);
    expect(() => createMarketFeed(feedConfig({ FEED_START_MS: String(now + 60_000) }), { clock })).toThrow(
      /is in the future/,
    );
    expect(() =>
      createMarketFeed(feedConfig({ FEED_START_MS: String(now - MAX_START_AGE_MS - 60_000) }), { clock }),
    ).toThrow(/catches up at most/);
  });

  it('reads epoch milliseconds from the environment and stops the server start on a bad value', async () => {
    expect(loadConfig({ FEED_START_MS: '1760000000000' }).feed.startMs).toBe(1_760_000_000_000);
    expect(loadConfig({ FEED_START_MS: '' }).feed.startMs).toBeUndefined();
    expect(loadConfig({}).feed.startMs).toBeUndefined();
    for (const bad of ['2025-01-01', '1760000000000.5', '-5', '9e15']) {
      expect(() => loadConfig({ FEED_START_MS: bad }), bad).toThrow(
        `FEED_START_MS must be a time in epoch milliseconds (a whole number), got "${bad}"`,
      );
    }
    await expect(startServer({ FEED_START_MS: String(Date.now() + 3_600_000) })).rejects.toThrow(
      /FEED_START_MS=\d+ .* is in the future/,
    );
  });
});
