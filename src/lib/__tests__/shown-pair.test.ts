import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { MarketItem } from '../../../common/protocol.ts';
import { shownPair, type ShownPair } from '../shown-pair.ts';
import { marketItem } from './support/market-item.ts';

function watch(symbol: string) {
  const polls = new Subject<MarketItem[]>();
  const seen: (ShownPair | undefined)[] = [];
  shownPair(polls, symbol).subscribe((pair) => seen.push(pair));
  return { polls, seen };
}

describe("a trading screen's pair from the pairs poll", () => {
  it('is sent again only when its id, title or precisions change, not on each poll of new prices', () => {
    const { polls, seen } = watch('btcusdt');
    polls.next([marketItem('btcusdt', '64000.10'), marketItem('ethusdt', '3100.00')]);
    polls.next([marketItem('btcusdt', '64001.25'), marketItem('ethusdt', '3101.00')]);
    polls.next([marketItem('ethusdt', '3102.00'), marketItem('btcusdt', '63999.00', { change: '-0.05' })]);
    expect(seen).toEqual([{ id: 1, title: 'BTC/USDT', price_precision: 2, amount_precision: 4 }]);
    polls.next([marketItem('btcusdt', '63999.00', { price_precision: 1 })]);
    expect(seen.at(-1)).toEqual({ id: 1, title: 'BTC/USDT', price_precision: 1, amount_precision: 4 });
    polls.next([marketItem('btcusdt', '63998.00', { price_precision: 1, amount_precision: 6 })]);
    expect(seen.at(-1)).toEqual({ id: 1, title: 'BTC/USDT', price_precision: 1, amount_precision: 6 });
    expect(seen).toHaveLength(3);
  });

  it('is undefined while the list lacks the pair, and follows it when it appears and leaves', () => {
    const { polls, seen } = watch('ethusdt');
    polls.next([marketItem('btcusdt', '64000.10')]);
    polls.next([marketItem('btcusdt', '64000.20')]);
    polls.next([marketItem('btcusdt', '64000.30'), marketItem('ethusdt', '3100.00')]);
    polls.next([marketItem('btcusdt', '64000.40')]);
    expect(seen).toEqual([undefined, { id: 2, title: 'ETH/USDT', price_precision: 2, amount_precision: 4 }, undefined]);
  });
});
