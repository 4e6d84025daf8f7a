/**
 * The spot screen's prices and balance as streams, each passing on only what its view shows, so a
 * ticker push or a poll renders the view that changed and not the whole screen (docs/performance.md#tap-latency: tap
 * latency while busy). Pure functions of their sources, wired to the engine in use-spot-prices.ts.
 */
import { combineLatest, distinctUntilChanged, filter, map, startWith, take, type Observable } from 'rxjs';
import type { DaySummary, MarketBalance, MarketItem } from '../../../../common/protocol.ts';
import { lastKnownAt } from '../../../lib/last-known.ts';
import { percentChange } from '../../../lib/money.ts';
import type { ShownPair } from '../../../lib/shown-pair.ts';

/**
 * The pair's last trade price: the live ticker's, or the live pair list's until the ticker's first
 * push; '' while neither has one. A list recalled from an earlier visit (last-known.ts) gives none: an
 * order form must not start from a price of yesterday.
 */
export function lastPrice(
  ticker$: Observable<DaySummary>,
  pairs$: Observable<readonly MarketItem[]>,
  symbol: string,
): Observable<string> {
  const listed$ = pairs$.pipe(
    map((pairs) => (lastKnownAt(pairs) === null ? (pairs.find((p) => p.symbol === symbol)?.close ?? '') : '')),
  );
  return combineLatest([ticker$.pipe(startWith(null)), listed$.pipe(startWith(''))]).pipe(
    map(([ticker, listed]) => ticker?.close ?? listed),
    distinctUntilChanged(),
  );
}

/**
 * The price a new order form starts from: the last price at the moment both it and the pair (its
 * precision) are known, once. The form takes it once (SpotOrderForm), so later prices need not reach it.
 */
export function startPrice(
  pair$: Observable<ShownPair | undefined>,
  lastPrice$: Observable<string>,
): Observable<string> {
  return combineLatest([pair$, lastPrice$]).pipe(
    filter(([pair, price]) => pair !== undefined && price !== ''),
    map(([, price]) => price),
    take(1),
  );
}

/** The pair's balances, passed on when an amount changes rather than on every poll (each second). */
export function changedBalance(balance$: Observable<MarketBalance>): Observable<MarketBalance> {
  return balance$.pipe(
    distinctUntilChanged((a, b) => a.usdt_balance === b.usdt_balance && a.coin_balance === b.coin_balance),
  );
}

/**
 * The pair's 24 h change in percent ("+1.23", 2 decimals) for the screen's top: the live ticker's
 * change from its 24 h open, or the live pair list's until the ticker's first push; a recalled list
 * gives none, as for {@link lastPrice}. Passed on when the shown figure changes, which most ticker
 * pushes do not (the last price is its own stream, so a new price does not render the change).
 */
export function pairChange(
  ticker$: Observable<DaySummary>,
  pairs$: Observable<readonly MarketItem[]>,
  symbol: string,
): Observable<string | null> {
  const listed$ = pairs$.pipe(
    map((pairs) => (lastKnownAt(pairs) === null ? (pairs.find((p) => p.symbol === symbol)?.change ?? null) : null)),
  );
  return combineLatest([ticker$.pipe(startWith(null)), listed$.pipe(startWith(null))]).pipe(
    map(([ticker, listed]) => (ticker ? percentChange(ticker.open, ticker.close) : listed)),
    distinctUntilChanged(),
  );
}

/** The pair's smallest order from the pair list (min_num, min_total), passed on when it changes. */
export function pairMinimum(
  pairs$: Observable<readonly MarketItem[]>,
  symbol: string,
): Observable<{ num?: string; total?: string }> {
  return pairs$.pipe(
    map((pairs) => {
      const pair = pairs.find((p) => p.symbol === symbol) as
        (MarketItem & { min_num?: unknown; min_total?: unknown }) | undefined;
      const text = (value: unknown): string | undefined =>
        typeof value === 'string' && value !== '' ? value : undefined;
      return { num: text(pair?.min_num), total: text(pair?.min_total) };
    }),
    distinctUntilChanged((a, b) => a.num === b.num && a.total === b.total),
  );
}
