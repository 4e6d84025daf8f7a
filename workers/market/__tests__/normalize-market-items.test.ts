import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketItem } from '../../../common/protocol.ts';
import { marketItemsFrom } from '../normalize/market.ts';
import { POLL_MS } from '../streams/poll-streams.ts';
import { createHarness, envelope, type Harness } from './support/fakes.ts';
import { advance, useEngineTimers } from './support/timers.ts';

/** A list item as an older server sends it: no precision fields. */
const older = (symbol: string): MarketItem => ({
  id: 1,
  symbol,
  title: `${symbol.slice(0, -4).toUpperCase()}/USDT`,
  close: '0.52000',
  change: '+1.25',
  logo: '',
  hamount: '12.34',
  coinname: symbol.slice(0, -4).toUpperCase(),
  trade_coin: 'USDT',
});

describe('market items of the app API', () => {
  it('keep price_precision and amount_precision as whole numbers with every other field as sent', () => {
    const sent = { ...older('xrpusdt'), price_precision: 5, amount_precision: 2 };
    expect(marketItemsFrom([sent])).toEqual([sent]);
    expect(marketItemsFrom([{ ...older('btcusdt'), price_precision: 2, amount_precision: 6 }])[0]).toMatchObject({
      price_precision: 2,
      amount_precision: 6,
    });
    expect(marketItemsFrom([{ ...older('x'), price_precision: 0, amount_precision: 0 }])[0]).toMatchObject({
      price_precision: 0,
      amount_precision: 0,
    });
  });

  it('read precisions sent as integer text', () => {
    const [item] = marketItemsFrom([{ ...older('ethusdt'), price_precision: '2', amount_precision: ' 4 ' }]);
    expect(item).toMatchObject({ price_precision: 2, amount_precision: 4 });
  });

  it('leave the fields out of an older answer, so the form keeps its older behaviour', () => {
    const [item] = marketItemsFrom([older('btcusdt')]);
    expect(item).toEqual(older('btcusdt'));
    expect(item).not.toHaveProperty('price_precision');
    expect(item).not.toHaveProperty('amount_precision');
  });

  it('drop unusable precisions rather than trust them, and cap a finer one at 8 decimals', () => {
    for (const bad of [-1, 2.5, '2.5', 'two', '', null, true, Number.NaN, Number.POSITIVE_INFINITY, {}, [4]]) {
      const [item] = marketItemsFrom([{ ...older('btcusdt'), price_precision: bad, amount_precision: bad }]);
      expect({ bad, item }).toEqual({ bad, item: older('btcusdt') });
    }
    const [fine] = marketItemsFrom([{ ...older('shibusdt'), price_precision: 10, amount_precision: '12' }]);
    expect(fine).toMatchObject({ price_precision: 8, amount_precision: 8 });
  });

  it('skip list entries that are not objects', () => {
    expect(marketItemsFrom([null, 'btcusdt', 3, [], older('ethusdt')])).toEqual([older('ethusdt')]);
  });
});

describe('market list streams normalize their items', () => {
  let h: Harness;
  beforeEach(() => {
    useEngineTimers();
    h = createHarness();
  });
  afterEach(() => {
    h.engine.dispose();
    vi.useRealTimers();
  });

  it('homeMarkets and markets emit the precisions as numbers and leave out the ones an older server did not send', async () => {
    const list = [{ ...older('xrpusdt'), price_precision: '5', amount_precision: 2 }, older('btcusdt')];
    h.fetch.on('/api/index/getMarketList', () => envelope(1, { list }));
    h.fetch.on('/api/index/getAllMarketList', () => envelope(1, { list }));
    h.engine.subscribe(1, { kind: 'homeMarkets' });
    h.engine.subscribe(2, { kind: 'markets', fid: 1, eid: 0 });
    await advance(POLL_MS.homeMarkets - 1);
    h.frames.tick();
    const expected = [{ ...older('xrpusdt'), price_precision: 5, amount_precision: 2 }, older('btcusdt')];
    expect(h.log.lastOf(1)).toEqual(expected);
    expect(h.log.lastOf(2)).toEqual(expected);
  });
});
