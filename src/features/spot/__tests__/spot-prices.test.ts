import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { DaySummary, MarketBalance, MarketItem } from '../../../../common/protocol.ts';
import { recallValue, rememberValue } from '../../../lib/last-known.ts';
import { marketItem } from '../../../lib/__tests__/support/market-item.ts';
import type { ShownPair } from '../../../lib/shown-pair.ts';
import { changedBalance, lastPrice, pairChange, pairMinimum, startPrice } from '../hooks/spot-prices.ts';

const ticker = (close: string): DaySummary => ({
  symbol: 'btcusdt',
  ts: 1,
  open: '1',
  high: '1',
  low: '1',
  close,
  amount: '1',
  vol: '1',
  count: 1,
});

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

describe("the spot screen's top: the 24 h change", () => {
  it("is the pair list's change until the ticker's first push, then the ticker's change from its 24 h open, passed on when it changes", () => {
    const tickers = new Subject<DaySummary>();
    const pairs = new Subject<MarketItem[]>();
    const seen = collect(pairChange(tickers, pairs, 'btcusdt'));
    pairs.next([{ ...marketItem('btcusdt', '64000.10'), change: '+1.25' }]);
    tickers.next({ ...ticker('64400.00'), open: '64000.00' });
    tickers.next({ ...ticker('64400.00'), open: '64000.00', ts: 2 });
    pairs.next([{ ...marketItem('btcusdt', '63000.00'), change: '-0.40' }]);
    tickers.next({ ...ticker('64401.00'), open: '64000.00' });
    tickers.next({ ...ticker('63360.00'), open: '64000.00' });
    expect(seen).toEqual([null, '+1.25', '+0.63', '-1.00']);
  });
});

describe("the pair's minimum order", () => {
  it('is read from the pair list, unknown while the server does not send it, passed on when it changes', () => {
    const pairs = new Subject<MarketItem[]>();
    const seen = collect(pairMinimum(pairs, 'btcusdt'));
    pairs.next([marketItem('btcusdt', '64000.10')]);
    pairs.next([{ ...marketItem('btcusdt', '64000.10'), min_num: '0.0001', min_total: '5' } as MarketItem]);
    pairs.next([{ ...marketItem('btcusdt', '64100.10'), min_num: '0.0001', min_total: '5' } as MarketItem]);
    pairs.next([{ ...marketItem('btcusdt', '64100.10'), min_num: '0.0001', min_total: '0' } as MarketItem]);
    expect(seen).toEqual([
      { num: undefined, total: undefined },
      { num: '0.0001', total: '5' },
      { num: '0.0001', total: '0' },
    ]);
  });
});
