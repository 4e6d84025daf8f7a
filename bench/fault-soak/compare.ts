/**
 * The fault soak's comparisons: what the UI received against what the server has. Pure
 * functions on plain data, unit-tested on made-up series in __tests__/compare.test.ts.
 */
import { percentile } from '../stats.ts';

/** A bar as the UI holds it (decimal strings) or as the server's REST gives it (numbers). */
export interface ComparableBar {
  time: number;
  open: string | number;
  high: string | number;
  low: string | number;
  close: string | number;
  amount: string | number;
  vol: string | number;
}

/** The fields compared: open, high, low, close and the volume both ways (base amount, quote turnover). */
export const BAR_FIELDS = ['open', 'high', 'low', 'close', 'amount', 'vol'] as const;

export interface BarComparison {
  /** Closed server bars within the UI's span that the UI does not hold (a gap). */
  missing: number[];
  /** Closed bars whose fields differ, or that the UI holds and the server does not. */
  differing: { time: number; fields: string[] }[];
  /** Closed bars compared. */
  compared: number;
}

/**
 * Compares the UI's series with the server's history (both oldest first). The server's newest bar
 * is open and is left out, as is the UI's bar of that time. Only bars from the later of both
 * first bars on are compared: the server answer may reach less far back than the UI's history.
 * Values are compared as numbers: the server's JSON doubles against the UI's exact decimal text
 * (which the engine took from the same JSON text).
 */
export function compareBars(ui: readonly ComparableBar[], server: readonly ComparableBar[]): BarComparison {
  const result: BarComparison = { missing: [], differing: [], compared: 0 };
  const open = server[server.length - 1];
  const uiFirst = ui[0];
  const serverFirst = server[0];
  if (!open || !uiFirst || !serverFirst) return result;
  const from = Math.max(uiFirst.time, serverFirst.time);
  const held = new Map(ui.map((bar) => [bar.time, bar]));
  const known = new Set(server.map((bar) => bar.time));
  for (const bar of server) {
    if (bar.time < from || bar === open) continue;
    const mine = held.get(bar.time);
    if (!mine) {
      result.missing.push(bar.time);
      continue;
    }
    result.compared++;
    const fields = BAR_FIELDS.filter((field) => Number(mine[field]) !== Number(bar[field]));
    if (fields.length > 0) result.differing.push({ time: bar.time, fields });
  }
  for (const bar of ui) {
    if (bar.time >= from && bar.time < open.time && !known.has(bar.time))
      result.differing.push({ time: bar.time, fields: ['not on the server'] });
  }
  result.differing.sort((a, b) => a.time - b.time);
  return result;
}

/** One side of a book, best first: `[price, size]`. */
export type Levels = readonly (readonly [number, number])[];

export interface BookSides {
  bids: Levels;
  asks: Levels;
}

/**
 * Levels the UI shows that the server's book of the same moment does not have (a price it lacks,
 * or the price with another size): ghosts. `server` is the server's push the UI's book came from.
 */
export function ghostLevels(ui: BookSides, server: BookSides): number {
  const missing = (mine: Levels, theirs: Levels): number => {
    const sizes = new Map(theirs.map(([price, size]) => [price, size]));
    return mine.filter(([price, size]) => sizes.get(price) !== size).length;
  };
  return missing(ui.bids, server.bids) + missing(ui.asks, server.asks);
}

/** A book the UI received, in brief (src/lib/stream-observer.ts `book` events). */
export interface BookEvent {
  at: number;
  ts: number;
  levels: number;
}

/**
 * Levels that stayed on screen while the socket was down: when the page's socket went down for a
 * fault (every drop; a stall when the watchdog gave up on the socket), the book must be emptied
 * before fresh data replaces it (docs/architecture.md#reconnect-and-backfill). Returns the levels of the book that was showing
 * at the fault's start if no empty book came between the start and the first fresh book (or the
 * end of the events, when none came); 0 otherwise. Depends on order only, not on how fast.
 */
export function persistedLevels(
  events: readonly BookEvent[],
  startAt: number,
  isFresh: (event: BookEvent) => boolean,
): number {
  let showing: BookEvent | undefined;
  for (const event of events) {
    if (event.at >= startAt) {
      if (event.levels === 0) return 0;
      if (isFresh(event)) break;
    }
    showing = event;
  }
  return showing?.levels ?? 0;
}

/** The newest bar of a series as the UI received it (stream-observer.ts `candles` events). */
export interface CandleEvent {
  at: number;
  lastTime: number | null;
  lastCount: number | null;
}

/**
 * Whether a chart shows the market as it stood at the fault's end or later: its newest bar is newer
 * than `reference` (the server's open bar read right after the fault's end), or that same bar with
 * at least as many trades (a bar's trade count only grows).
 */
export function candlesCaughtUp(event: CandleEvent, reference: { time: number; count: number }): boolean {
  if (event.lastTime === null) return false;
  return (
    event.lastTime > reference.time || (event.lastTime === reference.time && (event.lastCount ?? -1) >= reference.count)
  );
}

/**
 * When a stream had fresh data again after a fault: the first event at or after `from` that is
 * fresh, counted only if no later event before `until` went back to stale (a book cleared by a
 * watchdog that fired just after the feed came back). Undefined when it never settled.
 */
export function freshSince<E extends { at: number }>(
  events: readonly E[],
  from: number,
  until: number,
  isFresh: (event: E) => boolean,
): number | undefined {
  let freshAt: number | undefined;
  for (const event of events) {
    if (event.at < from || event.at > until) continue;
    if (!isFresh(event)) freshAt = undefined;
    else freshAt ??= event.at;
  }
  return freshAt;
}

/** p95 (nearest rank) and max of resume times, ms; NaN without any. */
export function resumeFigures(resumeMs: readonly number[]): { p95: number; max: number } {
  return { p95: percentile(resumeMs, 95), max: resumeMs.length ? Math.max(...resumeMs) : Number.NaN };
}
