import { useMemo } from 'react';
import { of, type Observable } from 'rxjs';
import type { MarketBalance } from '../../../../workers/shared/protocol.ts';
import { engineStream } from '../../../lib/engine-client.ts';
import { pairList$, shownPair } from '../../../lib/shown-pair.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import { changedBalance, lastPrice, startPrice } from './spot-prices.ts';

const lastPrice$ = (symbol: string): Observable<string> => lastPrice(engineStream({ kind: 'ticker', symbol }), pairList$('homeMarkets'), symbol);

/** The pair's last trade price (ticker, else the pair list), '' until one is known; renders on a new price only. */
export function useLastPrice(symbol: string): string {
  const price$ = useMemo(() => lastPrice$(symbol), [symbol]);
  return useObservable(price$, '');
}

/** The price the pair's order form starts from: '' until known, then fixed (one render). */
export function useStartPrice(symbol: string): string {
  const price$ = useMemo(() => startPrice(shownPair(pairList$('homeMarkets'), symbol), lastPrice$(symbol)), [symbol]);
  return useObservable(price$, '');
}

const NO_BALANCE$: Observable<MarketBalance | null> = of(null);

/** The pair's balances, or null while the pair list (which gives the market id) is still loading; renders when an amount changes. */
export function useSpotBalance(mId: number | null): MarketBalance | null {
  const balance$ = useMemo(() => (mId === null ? NO_BALANCE$ : changedBalance(engineStream({ kind: 'spotBalance', mId }))), [mId]);
  return useObservable<MarketBalance | null>(balance$, null);
}
