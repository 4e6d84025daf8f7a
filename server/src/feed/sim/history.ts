import { nextPeriodStart, periodStart, type Period } from '../periods.ts';
import type { Prng, PrngState } from '../prng.ts';
import type { SymbolInfo } from '../symbols.ts';
import type { Bar } from '../types.ts';
import { aggregateBars } from './bars.ts';

const DAY = 86400;
const YEAR = 365.25 * DAY;
/** Mean reversion of the backward walk toward the start price, per year: keeps 20 years of history plausible. */
const REVERSION_PER_YEAR = 1.2;

/** How far back each tier of synthesized bars reaches (see `buildHistory`). */
export const HISTORY_SPAN = { minuteDays: 7, hourDays: 60, dayYears: 20, years: 190 } as const;

interface Scales {
  priceScale: number;
}

/**
 * Synthesized history before the simulation starts, cheap and deterministic: a backward random walk
 * of bars (not trades) in four tiers, each ending where the finer one begins:
 *   1min bars for the last ~7 days, 60min bars for ~60 days before, 1day bars for ~20 years before,
 *   1year bars for 190 years before that (a 200-bar 1year chart; those years have no finer bars).
 * Every other period is aggregated from these, so bars of different periods agree wherever they
 * overlap. Coverage: 1min ~11k bars, 5min ~2.2k, 15min ~750, 30min ~370, 60min and 4hour ~1.6k/400,
 * 1day ~7.7k, 1week ~1.1k, 1mon ~250, 1year ~210 (bars before 1970 have negative ids).
 * `startSec` must be a minute boundary; the last 1min bar closes at `startTicks`. The year tier
 * draws from its own `yearRng`, so it does not shift the draws of everything after the history.
 */
export function buildHistory(
  info: SymbolInfo,
  rng: Prng,
  yearRng: Prng,
  startSec: number,
  startTicks: number,
  scales: Scales,
): Record<Period, Bar[]> {
  const minuteStart = periodStart('1day', startSec - HISTORY_SPAN.minuteDays * DAY);
  const hourStart = periodStart('1day', minuteStart - HISTORY_SPAN.hourDays * DAY);
  const dayStart = periodStart('1year', hourStart - HISTORY_SPAN.dayYears * YEAR);
  // Half a year short of the span lands mid-year, so exactly `years` bars precede the day tier.
  const yearStart = periodStart('1year', dayStart - (HISTORY_SPAN.years - 0.5) * YEAR);
  const anchor = Math.log(startTicks);
  const walk = (ids: number[], seconds: number, endTicks: number, source = rng): Bar[] =>
    backwardWalk(info, source, ids, seconds, endTicks, anchor, scales);

  const minutes = walk(slots('1min', minuteStart, startSec), 60, startTicks);
  const hours = walk(slots('60min', hourStart, minuteStart), 3600, openTicks(minutes, startTicks, scales));
  const days = walk(slots('1day', dayStart, hourStart), DAY, openTicks(hours, startTicks, scales));
  const years = walk(slots('1year', yearStart, dayStart), YEAR, openTicks(days, startTicks, scales), yearRng);

  const allHours = [...hours, ...aggregateBars(minutes, '60min')];
  const allDays = [...days, ...aggregateBars(allHours, '1day')];
  const weeks = aggregateBars(allDays, '1week');
  // The first week of the day tier may be cut by the tier's start; a partial week is not a real bar.
  if (weeks[0] && weeks[0].id < dayStart) weeks.shift();
  return {
    '1min': minutes,
    '5min': aggregateBars(minutes, '5min'),
    '15min': aggregateBars(minutes, '15min'),
    '30min': aggregateBars(minutes, '30min'),
    '60min': allHours,
    '4hour': aggregateBars(allHours, '4hour'),
    '1day': allDays,
    '1week': weeks,
    '1mon': aggregateBars(allDays, '1mon'),
    '1year': [...years, ...aggregateBars(allDays, '1year')],
  };
}

/** The last history built per symbol, with what it was built from and where it left its generator. */
const lastBuilt = new Map<string, { from: string; history: Record<Period, Bar[]>; rngAfter: PrngState }>();

/**
 * {@link buildHistory}, built once per symbol for the same inputs and then shared by every simulator
 * of the process: a test run builds many servers in one process, all starting the same market within
 * the same minute, and building the history was most of a server's start (about a third of a second
 * for the demo's symbols). Closed bars never change, so each caller gets arrays of its own holding
 * the same closed bars, with the newest bar of each period copied (live trades may still update it);
 * `rng` is left where building would have left it, so what follows is the same either way.
 */
export function sharedHistory(...args: Parameters<typeof buildHistory>): Record<Period, Bar[]> {
  const [info, rng, yearRng, startSec, startTicks, scales] = args;
  const from = JSON.stringify([info, rng.snapshot(), yearRng.snapshot(), startSec, startTicks, scales.priceScale]);
  let built = lastBuilt.get(info.symbol);
  if (built?.from === from) rng.restore(built.rngAfter);
  else {
    built = { from, history: buildHistory(...args), rngAfter: rng.snapshot() };
    lastBuilt.set(info.symbol, built);
  }
  return Object.fromEntries(
    Object.entries(built.history).map(([period, bars]) => {
      const own = bars.slice();
      const newest = own.at(-1);
      if (newest) own[own.length - 1] = { ...newest };
      return [period, own];
    }),
  ) as Record<Period, Bar[]>;
}

function slots(period: Period, from: number, until: number): number[] {
  const ids: number[] = [];
  for (let id = from; id < until; id = nextPeriodStart(period, id)) ids.push(id);
  return ids;
}

function openTicks(bars: readonly Bar[], fallback: number, { priceScale }: Scales): number {
  const first = bars[0];
  return first ? Math.round(first.open * priceScale) : fallback;
}

/**
 * Bars for `ids` (ascending), generated newest first from `endTicks` (the close of the last bar).
 * The walk is an Ornstein-Uhlenbeck process in log price, which is time-reversible, so walking it
 * backwards is statistically the same as forwards.
 */
function backwardWalk(
  info: SymbolInfo,
  rng: Prng,
  ids: number[],
  seconds: number,
  endTicks: number,
  anchor: number,
  { priceScale }: Scales,
): Bar[] {
  const bars: Bar[] = new Array<Bar>(ids.length);
  const years = seconds / YEAR;
  const sigma = info.yearlyVolatility * Math.sqrt(years);
  const reversion = Math.min(0.5, REVERSION_PER_YEAR * years);
  const quotePerBar = (info.dailyQuoteVolume * seconds) / DAY;
  const tradeNotional = info.dailyQuoteVolume / DAY / info.tradesPerSecond;
  let closeTicks = endTicks;
  let regime = 0;
  for (let i = ids.length - 1; i >= 0; i--) {
    regime = regime * 0.98 + 0.2 * rng.normal();
    const barSigma = sigma * Math.exp(regime * 0.5);
    const logClose = Math.log(closeTicks);
    const logOpen = logClose - reversion * (logClose - anchor) + barSigma * rng.normal();
    const openTicks = Math.max(1, Math.round(Math.exp(logOpen)));
    const highTicks = Math.max(
      openTicks,
      closeTicks,
      Math.round(Math.max(openTicks, closeTicks) * Math.exp(Math.abs(rng.normal()) * barSigma * 0.5)),
    );
    const lowTicks = Math.max(
      1,
      Math.min(
        openTicks,
        closeTicks,
        Math.round(Math.min(openTicks, closeTicks) * Math.exp(-Math.abs(rng.normal()) * barSigma * 0.5)),
      ),
    );
    const open = openTicks / priceScale;
    const close = closeTicks / priceScale;
    const high = highTicks / priceScale;
    const low = lowTicks / priceScale;
    const typical = (open + close + high + low) / 4;
    const quote = quotePerBar * Math.exp(0.5 * rng.normal() + Math.abs(regime) * 0.5 - 0.125);
    const amount = quote / typical;
    bars[i] = {
      id: ids[i] as number,
      open,
      close,
      low,
      high,
      amount,
      vol: amount * typical,
      count: Math.max(1, Math.round(quote / tradeNotional)),
    };
    closeTicks = openTicks;
  }
  return bars;
}
