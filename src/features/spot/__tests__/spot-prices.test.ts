import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { DaySummary, MarketBalance, MarketItem } from '../../../../workers/shared/protocol.ts';
import { recallValue, rememberValue } from '../../../lib/last-known.ts';
import { marketItem } from '../../../lib/__tests__/support/market-item.ts';
import type { ShownPair } from '../../../lib/shown-pair.ts';
import { changedBalance, lastPrice, startPrice } from '../hooks/spot-prices.ts';

const ticker = (close: string): DaySummary => ({ symbol: 'btcusdt', ts: 1, open: '1', high: '1', low: '1', close, amount: '1', vol: '1', count: 1 });

function collect<T>(source: { subscribe(next: (value: T) => void): unknown }): T[] {
  const seen: T[] = [];
  source.subscribe((value) => seen.push(value));
  return seen;
}

describe("the spot screen's last price", () => {
  it("is the pair list's close until the ticker's first push, then the ticker's, passed on only when it changes", () => {
    const tickers = new Subject<DaySummary>();
    const pairs = new Subject<MarketItem[]>();
    const seen = collect(lastPrice(tickers, pairs, 'btcusdt'));
    expect(seen).toEqual(['']);
    pairs.next([marketItem('ethusdt', '3100.00'), marketItem('btcusdt', '64000.10')]);
    tickers.next(ticker('64001.00'));
    tickers.next(ticker('64001.00'));
    // A list poll with an older close does not pull the price back from the ticker's.
    pairs.next([marketItem('btcusdt', '63990.00')]);
    tickers.next(ticker('64002.50'));
    expect(seen).toEqual(['', '64000.10', '64001.00', '64002.50']);
  });

  it('takes no price from a list recalled from an earlier visit, only from a live one', () => {
    rememberValue('spot-prices-test', [marketItem('btcusdt', '58000.00')], 1);
    const recalled = recallValue('spot-prices-test') as MarketItem[];
    const tickers = new Subject<DaySummary>();
    const pairs = new Subject<readonly MarketItem[]>();
    const seen = collect(lastPrice(tickers, pairs, 'btcusdt'));
    pairs.next(recalled);
    expect(seen).toEqual(['']);
    pairs.next([marketItem('btcusdt', '64000.10')]);
    expect(seen).toEqual(['', '64000.10']);
  });
});

describe('the price a spot order form starts from', () => {
  it('is the last price once both it and the pair are known, and only that once', () => {
    const pair = new Subject<ShownPair | undefined>();
    const prices = new Subject<string>();
    const seen = collect(startPrice(pair, prices));
    prices.next('');
    prices.next('64000.10');
    pair.next(undefined);
    expect(seen).toEqual([]);
    prices.next('64000.20');
    pair.next({ id: 1, title: 'BTC/USDT', price_precision: 2, amount_precision: 4 });
    prices.next('64000.30');
    pair.next({ id: 1, title: 'BTC/USDT', price_precision: 1, amount_precision: 4 });
    expect(seen).toEqual(['64000.20']);
  });
});

describe("the spot screen's balances", () => {
  it('are passed on when an amount changes, not on every poll', () => {
    const polls = new Subject<MarketBalance>();
    const seen = collect(changedBalance(polls));
    polls.next({ usdt_balance: '100.00', coin_balance: '0.5' });
    polls.next({ usdt_balance: '100.00', coin_balance: '0.5' });
    polls.next({ usdt_balance: '90.00', coin_balance: '0.5' });
    polls.next({ usdt_balance: '90.00', coin_balance: '0.6' });
    polls.next({ usdt_balance: '90.00', coin_balance: '0.6' });
    expect(seen.map((b) => `${b.usdt_balance}/${b.coin_balance}`)).toEqual(['100.00/0.5', '90.00/0.5', '90.00/0.6']);
  });
});
