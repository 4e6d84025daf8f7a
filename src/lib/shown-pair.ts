/**
 * A trading screen's pair out of a polled pair list. Every poll brings new prices, and a screen that
 * read the whole list rendered in full on each (docs/performance.md#tap-latency: tap latency while busy): the screen
 * takes what it shows of its pair, which changes only when the operator edits the pair, and the
 * list's prices go to the views that show them (the pair lists, a last price).
 */
import { useMemo } from 'react';
import { distinctUntilChanged, map, type Observable } from 'rxjs';
import type { MarketItem } from '../../common/protocol.ts';
import { engineStream } from './engine-client.ts';
import { useObservable } from './use-observable.ts';

/** What a trading screen shows of its pair. */
export interface ShownPair {
  id: number;
  title: string;
  price_precision?: number;
  amount_precision?: number;
}

/** The polled pair lists: the markets of home and the spot screen, and the options pairs. */
export type PairListKind = 'homeMarkets' | 'optionPairs';

const NO_PAIRS: readonly MarketItem[] = [];

/** The pair list of `kind`, one engine subscription for the screen and its parts (engineStream). */
export const pairList$ = (kind: PairListKind): Observable<readonly MarketItem[]> => engineStream({ kind });

const samePair = (a: ShownPair | undefined, b: ShownPair | undefined): boolean =>
  a?.id === b?.id &&
  a?.title === b?.title &&
  a?.price_precision === b?.price_precision &&
  a?.amount_precision === b?.amount_precision;

/** `symbol`'s pair in `pairs$`, emitted only when what a screen shows of it changes (undefined while the list lacks it). */
export function shownPair(
  pairs$: Observable<readonly MarketItem[]>,
  symbol: string,
): Observable<ShownPair | undefined> {
  return pairs$.pipe(
    map((pairs) => pairs.find((p) => p.symbol === symbol)),
    map(
      (pair) =>
        pair && {
          id: pair.id,
          title: pair.title,
          price_precision: pair.price_precision,
          amount_precision: pair.amount_precision,
        },
    ),
    distinctUntilChanged(samePair),
  );
}

/** The screen's pair from the list of `kind`: renders again only when its id, title or precisions change. */
export function useShownPair(kind: PairListKind, symbol: string): ShownPair | undefined {
  const pair$ = useMemo(() => shownPair(pairList$(kind), symbol), [kind, symbol]);
  return useObservable(pair$, undefined);
}

/** The whole list of `kind` with its prices, for a list of pairs. */
export function usePairList(kind: PairListKind): readonly MarketItem[] {
  return useObservable(pairList$(kind), NO_PAIRS);
}
