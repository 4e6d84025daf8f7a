import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { memoryDatabase } from '../../__tests__/harness/index.ts';
import { expectBillsMatchBalances } from '../../db/__tests__/ledger-property.ts';
import { LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import { MarketRepository, type MarketRow } from '../../db/repositories/market-repository.ts';
import { SpotOrderRepository, type SpotOrderRow } from '../../db/repositories/spot-order-repository.ts';
import { Prng } from '../../feed/prng.ts';
import { syncCatalogue } from '../catalogue.ts';
import type { BookLevel, MarketPort, PairInfo, TradeListener } from '../market-port.ts';
import { formatTrimmed, SentAmount } from '../money.ts';
import { Rejection } from '../rejection.ts';
import { SpotTrading } from '../spot-trading.ts';

const UNIT = 100_000_000n;
const ITERATIONS = 400;

/** A level of the test's book in units, and the text the port shows for it. */
interface Level {
  price: bigint;
  amount: bigint;
}

/** A market port whose book, precisions and last price the test sets by hand. */
class HandBook implements MarketPort {
  pair: PairInfo = { symbol: 'btcusdt', base: 'btc', quote: 'usdt', pricePrecision: 2, amountPrecision: 6 };
  asks: Level[] = [];
  bids: Level[] = [];
  liveSince = (): number => 0;
  pairs = (): readonly PairInfo[] => [this.pair];
  lastTradePrice = (): undefined => undefined;
  ticker = (): undefined => undefined;
  onTrade =
    (_listener: TradeListener): (() => void) =>
    () => {};
  flushTrades = (): void => {};
  bestLevels(_symbol: string, side: 'bid' | 'ask', depth: number): BookLevel[] {
    return (side === 'bid' ? this.bids : this.asks)
      .slice(0, depth)
      .map((l) => ({ price: formatTrimmed(l.price), amount: formatTrimmed(l.amount) }));
  }
}

const sent = (units: bigint): SentAmount => {
  const parsed = SentAmount.parse(formatTrimmed(units));
  if (!parsed.ok) throw new Error(`bad amount ${units}`);
  return parsed.amount;
};
const roundDown = (units: bigint, step: bigint): bigint => units - (units % step);
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/**
 * The rule, written out once more for the test: a limit takes the levels at or better than it, best
 * first, each a whole number of steps, up to its quantity; the exact value of what it took.
 */
function expectedTake(
  levels: readonly Level[],
  side: 1 | 2,
  limit: bigint,
  quantity: bigint,
  step: bigint,
): { quantity: bigint; exact: bigint } {
  let left = quantity;
  let exact = 0n;
  for (const level of levels) {
    if (side === 1 ? level.price > limit : level.price < limit) break;
    const take = roundDown(level.amount, step) < left ? roundDown(level.amount, step) : left;
    exact += take * level.price;
    left -= take;
  }
  return { quantity: quantity - left, exact };
}

describe('a marketable limit order on the ledger (random books, seeded)', () => {
  let db: Db;
  let port: HandBook;
  let spot: SpotTrading;
  let ledger: LedgerRepository;
  let orders: SpotOrderRepository;
  let market: MarketRow;
  let now = 1_000_000;
  beforeAll(async () => {
    db = await memoryDatabase();
    const markets = new MarketRepository(db);
    syncCatalogue(markets);
    ledger = new LedgerRepository(db);
    orders = new SpotOrderRepository(db);
    port = new HandBook();
    spot = new SpotTrading({ db, ledger, markets, orders, market: port, now: () => now });
    // Random sizes go down to one unit: this pair takes any order value.
    db.prepare("UPDATE markets SET min_total = 0 WHERE symbol = 'btcusdt'").run();
    market = markets.marketBySymbol('btcusdt')!;
  });
  afterAll(() => db.close());

  const addUser = (name: string): number =>
    Number(
      db
        .prepare(
          'INSERT INTO users (username, password_hash, password_salt, invite_code, created_at) VALUES (?, ?, ?, ?, 1)',
        )
        .run(name, 'h', 's', name.toUpperCase()).lastInsertRowid,
    );
  const grant = (userId: number, coinId: number, amount: bigint): void =>
    ledger.apply([{ userId, coinId, accountType: 1, part: 'available', amount, kind: 'grant' }], null, now);
  const funds = (userId: number) => ({
    quote: ledger.balance({ userId, coinId: market.quote_coin_id, accountType: 1 }),
    base: ledger.balance({ userId, coinId: market.base_coin_id, accountType: 1 }),
  });
  const orderBills = (orderId: number) =>
    db
      .prepare('SELECT coin_id, part, amount, kind, created_at FROM bills WHERE ref_id = ? ORDER BY id')
      .safeIntegers(true)
      .all(orderId) as { coin_id: bigint; part: string; amount: bigint; kind: string; created_at: bigint }[];

  it(`${ITERATIONS} random orders: book prices only, never worse than the limit, every unit accounted for`, () => {
    const prng = new Prng(20_261_205, 3);
    let tradeId = 1;
    const seen = { tookBook: 0, restedAfterBook: 0, completeAtOnce: 0, refused: 0, savings: 0, restFilled: 0 };
    for (let i = 0; i < ITERATIONS; i++) {
      const where = `iteration ${i}`;
      const pricePrecision = prng.int(0, 4);
      const amountPrecision = prng.int(0, 6);
      port.pair = { ...port.pair, pricePrecision, amountPrecision };
      const tick = 10n ** BigInt(8 - pricePrecision);
      const step = 10n ** BigInt(8 - amountPrecision);
      const ppm = [0, 7, 1000, 2500][prng.int(0, 3)]!;
      db.prepare('UPDATE coins SET spot_fee_ppm = ? WHERE id = ?').run(ppm, market.base_coin_id);

      // A book around a mid price: up to 6 levels a side, a few ticks apart, amounts with any of 8 decimals.
      const mid = BigInt(prng.int(1000, 100_000)) * tick;
      port.asks = [];
      port.bids = [];
      let ask = mid + BigInt(prng.int(1, 5)) * tick;
      let bid = mid - BigInt(prng.int(1, 5)) * tick;
      for (let n = prng.int(0, 6); n > 0; n--) {
        port.asks.push({ price: ask, amount: BigInt(prng.int(1, 300_000_000)) });
        ask += BigInt(prng.int(1, 10)) * tick;
      }
      for (let n = prng.int(0, 6); n > 0 && bid > 0n; n--) {
        port.bids.push({ price: bid, amount: BigInt(prng.int(1, 300_000_000)) });
        bid -= BigInt(prng.int(1, 10)) * tick;
      }

      const side = prng.int(1, 2) as 1 | 2;
      const offset = BigInt(prng.int(-10, 60)) * tick;
      let limit = side === 1 ? mid + offset : mid - offset;
      if (limit <= 0n) limit = tick;
      const quantity = roundDown(BigInt(prng.int(1, 600_000_000)), step) || step;
      const frozenAtPlacement = side === 1 ? ceilDiv(quantity * limit, UNIT) : quantity;
      const userId = addUser(`p${i}`);
      const short = prng.next() < 0.1;
      const extra = BigInt(prng.int(0, 1000));
      grant(
        userId,
        side === 1 ? market.quote_coin_id : market.base_coin_id,
        short ? frozenAtPlacement - 1n : frozenAtPlacement + extra,
      );
      const start = funds(userId);
      now += 1000;

      let placed: SpotOrderRow;
      try {
        placed = spot.place(userId, {
          marketId: market.id,
          side,
          orderType: 1,
          price: sent(limit),
          num: sent(quantity),
        });
      } catch (error) {
        // Only a short balance is refused, and a refusal moves nothing.
        expect(error, where).toBeInstanceOf(Rejection);
        expect((error as Rejection).key, where).toBe('trade.insufficient');
        expect(short, where).toBe(true);
        expect(funds(userId), where).toEqual(start);
        seen.refused++;
        continue;
      }
      expect(short, where).toBe(false);

      // The book part: exactly the levels the rule allows, each fill at a price the book showed, never worse than the limit.
      const levels = side === 1 ? port.asks : port.bids;
      const take = expectedTake(levels, side, limit, quantity, step);
      expect(placed.taker_qty, where).toBe(take.quantity);
      expect(placed.taker_value * UNIT + placed.taker_value_rem, where).toBe(take.exact);
      const bookFills = orders.fills(placed.id);
      expect(
        bookFills.reduce((sum, f) => sum + f.quantity, 0n),
        where,
      ).toBe(take.quantity);
      for (const fill of bookFills) {
        expect(
          levels.map((l) => l.price),
          where,
        ).toContain(fill.price);
        expect(
          side === 1 ? fill.price <= limit : fill.price >= limit,
          `${where}: fill at ${fill.price}, limit ${limit}`,
        ).toBe(true);
      }

      // What stays frozen is what the rest needs at the limit; a buy's saving was unfrozen at once, exactly.
      const rest = quantity - take.quantity;
      const keep = side === 1 ? ceilDiv(take.exact + rest * limit, UNIT) - ceilDiv(take.exact, UNIT) : rest;
      expect(placed.frozen, where).toBe(keep);
      expect(placed.status, where).toBe(rest === 0n ? 2 : 1);
      const unfrozen = orderBills(placed.id)
        .filter((b) => b.kind === 'spot_unfreeze' && b.part === 'available')
        .reduce((sum, b) => sum + b.amount, 0n);
      const saving = side === 1 ? frozenAtPlacement - ceilDiv(take.exact + rest * limit, UNIT) : 0n;
      expect(unfrozen, `${where}: unfreeze at placement`).toBe(saving);
      const afterPlacing = funds(userId);
      expect((side === 1 ? afterPlacing.quote : afterPlacing.base).frozen, where).toBe(keep);
      if (take.quantity > 0n) seen.tookBook++;
      if (take.quantity > 0n && rest > 0n) seen.restedAfterBook++;
      if (rest === 0n) seen.completeAtOnce++;
      if (saving > 0n) seen.savings++;

      // A few prints strictly through the limit fill the rest at the limit, each by its amount in steps.
      let restFilled = 0n;
      for (let n = prng.int(0, 3); n > 0 && restFilled < rest; n--) {
        now += 10;
        const through = side === 1 ? limit - BigInt(prng.int(1, 5)) * tick : limit + BigInt(prng.int(1, 5)) * tick;
        if (through <= 0n) continue;
        const amount = BigInt(prng.int(1, 300_000_000));
        spot.onTrade('btcusdt', {
          price: formatTrimmed(through),
          amount: formatTrimmed(amount),
          ts: now,
          tradeId: String(tradeId++),
        });
        const left = rest - restFilled;
        restFilled += left <= amount ? left : roundDown(amount, step);
        const row = orders.find(placed.id)!;
        expect(row.filled_qty, where).toBe(take.quantity + restFilled);
        expect(row.frozen >= 0n, where).toBe(true);
      }
      if (restFilled > 0n) seen.restFilled++;

      // Cancel what is left: nothing stays frozen, and the balances moved exactly by the fills and the fee.
      now += 10;
      if (orders.find(placed.id)!.status === 1) spot.cancel(userId, placed.id);
      const done = orders.find(placed.id)!;
      const filled = take.quantity + restFilled;
      const exact = take.exact + restFilled * limit;
      const value = side === 1 ? ceilDiv(exact, UNIT) : exact / UNIT;
      const fee = ((side === 1 ? filled : value) * BigInt(ppm)) / 1_000_000n;
      expect({ filled: done.filled_qty, value: done.filled_value, fee: done.fee, frozen: done.frozen }, where).toEqual({
        filled,
        value,
        fee,
        frozen: 0n,
      });
      if (filled > 0n) expect(done.avg_price, where).toBe(exact / filled);
      const fills = orders.fills(placed.id);
      expect(
        fills.reduce((sum, f) => sum + f.value, 0n),
        where,
      ).toBe(value);
      expect(
        fills.reduce((sum, f) => sum + f.fee, 0n),
        where,
      ).toBe(fee);
      const end = funds(userId);
      expect(end.quote.frozen + end.base.frozen, where).toBe(0n);
      if (side === 1) {
        expect(end.quote.available + value, `${where}: quote left + spent`).toBe(start.quote.available);
        expect(end.base.available + fee, `${where}: base received`).toBe(start.base.available + filled);
      } else {
        expect(end.base.available + filled, `${where}: base left + sold`).toBe(start.base.available);
        expect(end.quote.available + fee, `${where}: quote received`).toBe(start.quote.available + value);
      }
    }
    expectBillsMatchBalances(db);
    // The random run reached every case it is meant to check.
    expect(seen.tookBook).toBeGreaterThan(50);
    expect(seen.restedAfterBook).toBeGreaterThan(20);
    expect(seen.completeAtOnce).toBeGreaterThan(20);
    expect(seen.savings).toBeGreaterThan(20);
    expect(seen.restFilled).toBeGreaterThan(20);
    expect(seen.refused).toBeGreaterThan(10);
  });
});
