import { useMemo } from 'react';
import { distinctUntilChanged, map, shareReplay, type Observable } from 'rxjs';
import type { MarketItem } from '../../../../workers/shared/protocol.ts';
import { engineStream } from '../../../lib/engine-client.ts';
import { useObservable } from '../../../lib/use-observable.ts';

/** What the options screen shows of its pair; the list's prices are the popup's alone. */
export interface ShownPair {
  id: number;
  title: string;
  price_precision?: number;
}

const NO_PAIRS: MarketItem[] = [];

/**
 * The options pairs list (a 2.5 s poll in the engine), shared: the screen and its popup read it
 * through one engine subscription, and a newcomer gets the latest list at once.
 */
const optionPairs$ = engineStream({ kind: 'optionPairs' }).pipe(shareReplay({ bufferSize: 1, refCount: true }));

/**
 * `symbol`'s pair in `pairs$`, emitted only when what the screen shows of it changes. Every poll
 * brings new prices, and the whole screen rendered on each (DESIGN.md §8: tap latency while busy).
 */
export function shownPair(pairs$: Observable<readonly MarketItem[]>, symbol: string): Observable<ShownPair | undefined> {
  return pairs$.pipe(
    map((pairs) => pairs.find((p) => p.symbol === symbol)),
    map((pair) => pair && { id: pair.id, title: pair.title, price_precision: pair.price_precision }),
    distinctUntilChanged((a, b) => a?.id === b?.id && a?.title === b?.title && a?.price_precision === b?.price_precision),
  );
}

/** The screen's pair: renders again only when its id, title or precision change. */
export function useShownOptionPair(symbol: string): ShownPair | undefined {
  const pair$ = useMemo(() => shownPair(optionPairs$, symbol), [symbol]);
  return useObservable(pair$, undefined);
}

/** The whole list with prices, for the pairs popup. */
export function useOptionPairs(): readonly MarketItem[] {
  return useObservable(optionPairs$, NO_PAIRS);
}
