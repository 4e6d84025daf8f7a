import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { of, type Observable } from 'rxjs';
import type { MarketBalance } from '../../../../common/protocol.ts';
import { engineStream } from '../../../lib/engine-client.ts';
import { pairList$, shownPair } from '../../../lib/shown-pair.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import type { PairMinimum } from '../api/spot-rules.ts';
import { changedBalance, lastPrice, pairChange, pairMinimum, startPrice } from './spot-prices.ts';

const lastPrice$ = (symbol: string): Observable<string> =>
  lastPrice(engineStream({ kind: 'ticker', symbol }), pairList$('homeMarkets'), symbol);

/** The pair's last trade price (ticker, else the pair list), '' until one is known; renders on a new price only. */
export function useLastPrice(symbol: string): string {
  const price$ = useMemo(() => lastPrice$(symbol), [symbol]);
  return useObservable(price$, '');
}

/**
 * The pair's last trade price, kept in a ref that the form reads when the user submits: the form's
 * checks need it then only, so a new price never renders the form. '' until known.
 */
export function useLastPriceRef(symbol: string): RefObject<string> {
  const ref = useRef('');
  useEffect(() => {
    ref.current = '';
    const subscription = lastPrice$(symbol).subscribe((price) => {
      ref.current = price;
    });
    return () => subscription.unsubscribe();
  }, [symbol]);
  return ref;
}

/** The price the pair's order form starts from: '' until known, then fixed (one render). */
export function useStartPrice(symbol: string): string {
  const price$ = useMemo(() => startPrice(shownPair(pairList$('homeMarkets'), symbol), lastPrice$(symbol)), [symbol]);
  return useObservable(price$, '');
}

const NO_BALANCE$: Observable<MarketBalance | null> = of(null);

/** The pair's balances, or null while the pair list (which gives the market id) is still loading; renders when an amount changes. */
export function useSpotBalance(mId: number | null): MarketBalance | null {
  const balance$ = useMemo(
    () => (mId === null ? NO_BALANCE$ : changedBalance(engineStream({ kind: 'spotBalance', mId }))),
    [mId],
  );
  return useObservable<MarketBalance | null>(balance$, null);
}

/** The pair's 24 h change in percent for the screen's top, null while unknown; renders when the shown figure changes. */
export function usePairChange(symbol: string): string | null {
  const change$ = useMemo(
    () => pairChange(engineStream({ kind: 'ticker', symbol }), pairList$('homeMarkets'), symbol),
    [symbol],
  );
  return useObservable<string | null>(change$, null);
}

/** The pair's smallest order (min_num, min_total): fields undefined while unknown; renders when it changes. */
export function usePairMinimum(symbol: string): PairMinimum {
  const minimum$ = useMemo(() => pairMinimum(pairList$('homeMarkets'), symbol), [symbol]);
  return useObservable<PairMinimum>(minimum$, {});
}
