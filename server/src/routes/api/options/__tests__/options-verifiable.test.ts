import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Big from 'big.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Prng } from '../../../../feed/prng.ts';
import { registerMarketRest } from '../../../../feed/rest.ts';
import { writeSession } from '../../spot/__tests__/replay-session.ts';
import { startTradingHarness, type TradingHarness } from '../../spot/__tests__/trading-harness.ts';
import type { OptionOrderView } from '../option-order-view.ts';

/**
 * Verifiable settlement: every settled second contract names the market trades that set
 * its buy and settlement prices, by tradeId and ts as the public feed published them. The checks
 * read the feed only through its public market REST, as anyone verifying an order would.
 */

interface RestTrade {
  'trade-id': number;
  ts: number;
  price: number;
}
interface RestBar {
  id: number;
  low: number;
  high: number;
}

/** The harness feed's market REST, as the app's verify view calls it. */
async function marketRest(h: TradingHarness): Promise<FastifyInstance> {
  const rest = Fastify({ logger: false });
  registerMarketRest(rest, h.feed);
  await rest.ready();
  return rest;
}

async function restData<T>(rest: FastifyInstance, url: string): Promise<T> {
  const response = await rest.inject({ method: 'GET', url });
  const body = response.json<{ status: string; data: T }>();
  expect(body.status, url).toBe('ok');
  return body.data;
}

describe('verifiable settlement on a replayed session with known trades', () => {
  // tradeIds of writeSession: 100001, 100002 … in print order; ts = the recording's start + offset.
  const RECORDED_START_MS = 1_800_000_000_000;
  const PRINTS = [
    { atMs: 0, price: 100.0 },
    { atMs: 5000, price: 101.0 },
    { atMs: 10_000, price: 100.5 },
  ];
  let dir: string;
  let file: string;
  let h: TradingHarness;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'options-verify-'));
    file = join(dir, 'session.jsonl');
    writeSession(file, 'btcusdt', PRINTS, [{ atMs: 0, bids: [[99.9, 1]], asks: [[100.1, 1]] }]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    h = await startTradingHarness({ source: 'replay', replayFile: file });
    h.db
      .prepare(
        'INSERT INTO option_durations (seconds, payout_bp, min_stake, sort) VALUES (5, 8500, 100000000, 0), (9, 9000, 100000000, 0)',
      )
      .run();
    h.advance(1000);
  });
  afterEach(async () => h.close());

  it('names the print in force at creation and the one in force at expiry, with the recorded ids and times', async () => {
    const user = h.addUser('verifier', { usdt: '100' });
    const m_id = h.trading.markets.marketBySymbol('btcusdt')!.id;
    const created = await h.post<{ order_id: number; buyprice: string; ykbl: string }>(
      'Contrade/creatorder',
      { m_id, ctime: 9, ctzed: '10', buytype: 1 },
      user.token,
    );
    expect(created.code, created.msg).toBe(1);
    // The creation answer names the buy price and percent the order keeps (the app's running result).
    expect(created.data).toMatchObject({ buyprice: '100', ykbl: '90' });
    const open = await h.post<OptionOrderView>(
      'Contrade/getHyOrderInfo',
      { order_id: created.data.order_id },
      user.token,
    );
    expect(open.data).toMatchObject({
      status: 1,
      buyprice: '100',
      buy_trade_id: '100001',
      buy_trade_ts: RECORDED_START_MS,
      sell_trade_id: null,
      sell_trade_ts: null,
    });
    h.advance(9000);
    const settled = await h.post<OptionOrderView>(
      'Contrade/getHyOrderInfo',
      { order_id: created.data.order_id },
      user.token,
    );
    // Expiry at +10 s: the print at exactly +10 s is the one in force.
    expect(settled.data).toMatchObject({
      status: 2,
      sellprice: '100.5',
      sell_trade_id: '100003',
      sell_trade_ts: RECORDED_START_MS + 10_000,
    });
  });

  it('a void order names no settlement trade', async () => {
    const user = h.addUser('voided', { usdt: '100' });
    const eth = h.trading.markets.marketBySymbol('ethusdt')!;
    const at = h.clock.now();
    const id = h.trading.options.insert({
      userId: user.id,
      marketId: eth.id,
      coinId: h.coinId('usdt'),
      accountType: 1,
      direction: 1,
      seconds: 5,
      payoutBp: 8500,
      stake: 100_000_000n,
      fee: 0n,
      buyPrice: '3000',
      buyPriceTs: at,
      buyTradeId: '7',
      buyTradeTs: at,
      createdAt: at,
    });
    h.trading.ledger.apply(
      [
        {
          userId: user.id,
          coinId: h.coinId('usdt'),
          accountType: 1,
          part: 'available',
          amount: -100_000_000n,
          kind: 'option_stake',
        },
      ],
      id,
      at,
    );
    h.advance(11 * 60_000, 60_000);
    const order = await h.post<OptionOrderView>('Contrade/getHyOrderInfo', { order_id: id }, user.token);
    expect(order.data).toMatchObject({ status: 2, is_win: 4, sellprice: '', sell_trade_id: null, sell_trade_ts: null });
  });
});

describe('verifiable settlement on the seeded simulator: a run of random orders', () => {
  let h: TradingHarness;
  let rest: FastifyInstance;
  beforeEach(async () => {
    h = await startTradingHarness({ source: 'simulate', seed: 33 });
    h.db
      .prepare(
        'INSERT INTO option_durations (seconds, payout_bp, min_stake, sort) VALUES (5, 8500, 100000000, 0), (9, 9000, 100000000, 0)',
      )
      .run();
    rest = await marketRest(h);
    h.advance(1000);
  });
  afterEach(async () => {
    await rest.close();
    await h.close();
  });

  it('each named trade is in the public feed at its time with the order’s price, is the last one at or before the instant, and lies inside its one-minute bar', async () => {
    const rng = new Prng(2024, 15);
    const user = h.addUser('randomorders', { usdt: '100000' });
    const symbols = ['btcusdt', 'ethusdt', 'solusdt', 'dogeusdt', 'xrpusdt'];
    const durations = [5, 9, 30];
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) {
      const symbol = symbols[rng.int(0, symbols.length - 1)] as string;
      const m_id = h.trading.markets.marketBySymbol(symbol)!.id;
      const created = await h.post<{ order_id: number }>(
        'Contrade/creatorder',
        {
          m_id,
          ctime: durations[rng.int(0, durations.length - 1)] as number,
          ctzed: String(rng.int(1, 50)),
          buytype: rng.int(1, 2),
        },
        user.token,
      );
      expect(created.code, created.msg).toBe(1);
      ids.push(created.data.order_id);
      h.advance(rng.int(1, 40) * 100);
    }
    h.advance(31_000);

    const tapes = new Map<string, RestTrade[]>();
    const bars = new Map<string, RestBar[]>();
    for (const symbol of symbols) {
      const groups = await restData<{ data: RestTrade[] }[]>(rest, `/market/history/trade?symbol=${symbol}&size=2000`);
      // Newest match first, newest trade first within a match: reversed, the tape in print order.
      tapes.set(symbol, groups.flatMap((group) => group.data).reverse());
      bars.set(symbol, await restData<RestBar[]>(rest, `/market/history/kline?symbol=${symbol}&period=1min&size=10`));
    }

    const check = (symbol: string, price: string, instant: number, tradeId: string | null, tradeTs: number | null) => {
      expect(tradeId).not.toBeNull();
      const tape = tapes.get(symbol)!;
      const index = tape.findIndex((trade) => String(trade['trade-id']) === tradeId);
      expect(index, `trade ${tradeId} of ${symbol} in the public feed`).toBeGreaterThanOrEqual(0);
      const print = tape[index]!;
      expect(print.ts).toBe(tradeTs);
      expect(new Big(print.price).eq(price)).toBe(true);
      expect(print.ts).toBeLessThanOrEqual(instant);
      const next = tape[index + 1];
      if (next) expect(next.ts).toBeGreaterThan(instant);
      const minute = Math.floor(print.ts / 60_000) * 60;
      const bar = bars.get(symbol)!.find((b) => b.id === minute);
      expect(bar, `the 1min bar of ${symbol} at ${minute}`).toBeDefined();
      expect(new Big(bar!.low).lte(price) && new Big(bar!.high).gte(price)).toBe(true);
    };

    for (const id of ids) {
      const { data } = await h.post<OptionOrderView>('Contrade/getHyOrderInfo', { order_id: id }, user.token);
      expect(data.status).toBe(2);
      expect(data.is_win).not.toBe(4);
      check(data.symbol, data.buyprice, data.buytime_ms, data.buy_trade_id, data.buy_trade_ts);
      check(data.symbol, data.sellprice, data.selltime_ms, data.sell_trade_id, data.sell_trade_ts);
    }
  });
});
