import { useMemo } from 'react';
import { auditTime, combineLatest, map, type Observable, of, startWith } from 'rxjs';
import { engineStream } from '../../../lib/engine-client.ts';
import { useObservable } from '../../../lib/use-observable.ts';

/** Live dollar values change at most this often (about once a second). */
export const USD_PRICE_EVERY_MS = 1000;

/** USDT per whole coin, by lower-case coin name; a coin without a live price yet is absent. */
export type UsdPrices = ReadonlyMap<string, string>;

const NONE: UsdPrices = new Map();

/**
 * The live USDT prices of `coins` (lower-case names), from the market worker's tickers of their
 * `<coin>usdt` pairs: the last price each ticker printed, at most once per USD_PRICE_EVERY_MS for
 * all of them together. USDT itself is 1. Only these tickers are subscribed, only while mounted;
 * nothing polls on the UI thread.
 */
export function useUsdPrices(coins: readonly string[]): UsdPrices {
  const key = [...new Set(coins)].sort().join(',');
  const prices$ = useMemo((): Observable<UsdPrices> => {
    const names = key === '' ? [] : key.split(',');
    const quoted = names.filter((name) => name !== 'usdt');
    const fixed: [string, string][] = names.includes('usdt') ? [['usdt', '1']] : [];
    if (quoted.length === 0) return of(new Map(fixed));
    const closes = quoted.map((name) =>
      engineStream({ kind: 'ticker', symbol: `${name}usdt` }).pipe(
        map((ticker): [string, string] | null => [name, ticker.close]),
        startWith(null),
      ),
    );
    return combineLatest(closes).pipe(
      auditTime(USD_PRICE_EVERY_MS),
      map((pairs) => new Map([...fixed, ...pairs.filter((pair): pair is [string, string] => pair !== null)])),
      startWith(new Map(fixed)),
    );
  }, [key]);
  return useObservable(prices$, NONE);
}
