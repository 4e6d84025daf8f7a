import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { memoryDatabase } from '../../__tests__/harness/index.ts';
import { InsufficientBalanceError, LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import { MarketRepository } from '../../db/repositories/market-repository.ts';
import { DEMO_ACCOUNT, seedDemo } from '../../db/seed.ts';
import { DEMO_FUNDS } from '../../db/seed-trading.ts';
import { syncCatalogue } from '../catalogue.ts';

describe('ledger', () => {
  let db: Db;
  let ledger: LedgerRepository;
  let userId: number;
  let usdt: number;
  beforeEach(async () => {
    db = await memoryDatabase();
    syncCatalogue(new MarketRepository(db));
    ledger = new LedgerRepository(db);
    userId = Number(
      db
        .prepare(
          "INSERT INTO users (username, password_hash, password_salt, invite_code, created_at) VALUES ('l', 'h', 's', 'LLLLLL', 1)",
        )
        .run().lastInsertRowid,
    );
    usdt = new MarketRepository(db).coinByName('usdt')!.id;
  });
  afterEach(() => db.close());

  const key = () => ({ userId, coinId: usdt, accountType: 1 });

  it('writes one bill per change with the balance after it, and the bills sum to the balance', () => {
    ledger.apply([{ ...key(), part: 'available', amount: 500n, kind: 'grant' }], null, 1);
    ledger.apply(
      [
        { ...key(), part: 'available', amount: -200n, kind: 'spot_freeze' },
        { ...key(), part: 'frozen', amount: 200n, kind: 'spot_freeze' },
      ],
      9,
      2,
    );
    expect(ledger.balance(key())).toEqual({ available: 300n, frozen: 200n });
    const bills = ledger.bills(userId);
    expect(bills.map((b) => [b.part, b.amount, b.balance, b.kind, b.ref_id])).toEqual([
      ['available', 500n, 500n, 'grant', null],
      ['available', -200n, 300n, 'spot_freeze', 9n],
      ['frozen', 200n, 200n, 'spot_freeze', 9n],
    ]);
  });

  it('refuses a change that would go below zero and writes nothing of that call', () => {
    ledger.apply([{ ...key(), part: 'available', amount: 100n, kind: 'grant' }], null, 1);
    expect(() =>
      ledger.apply(
        [
          { ...key(), part: 'frozen', amount: 101n, kind: 'spot_freeze' },
          { ...key(), part: 'available', amount: -101n, kind: 'spot_freeze' },
        ],
        null,
        2,
      ),
    ).toThrow(InsufficientBalanceError);
    expect(ledger.balance(key())).toEqual({ available: 100n, frozen: 0n });
    expect(ledger.bills(userId)).toHaveLength(1);
  });

  it('the schema itself refuses a negative balance', () => {
    expect(() =>
      db
        .prepare('INSERT INTO balances (user_id, coin_id, account_type, available) VALUES (?, ?, 1, -1)')
        .run(userId, usdt),
    ).toThrow(/CHECK/);
  });

  it('the demo user starts with its funds in account type 1, each as a grant bill', async () => {
    const fresh = await memoryDatabase();
    try {
      await seedDemo(fresh);
      const demo = fresh
        .prepare('SELECT id FROM users WHERE username = ?')
        .pluck()
        .get(DEMO_ACCOUNT.username) as number;
      const markets = new MarketRepository(fresh);
      const book = new LedgerRepository(fresh);
      expect(book.balance({ userId: demo, coinId: markets.coinByName('usdt')!.id, accountType: 1 }).available).toBe(
        1_000_000_000_000n,
      );
      expect(book.balance({ userId: demo, coinId: markets.coinByName('btc')!.id, accountType: 1 }).available).toBe(
        50_000_000n,
      );
      expect(book.bills(demo).map((b) => b.kind)).toEqual(Object.keys(DEMO_FUNDS).map(() => 'grant'));
    } finally {
      fresh.close();
    }
  });

  it('the catalogue sync is idempotent and keeps operator edits', () => {
    const markets = new MarketRepository(db);
    const before = markets.markets().map((m) => [m.id, m.symbol]);
    db.prepare("UPDATE coins SET spot_fee_ppm = 2500 WHERE name = 'btc'").run();
    syncCatalogue(markets, [
      { symbol: 'shibusdt', base: 'shib', quote: 'usdt', pricePrecision: 8, amountPrecision: 0 },
    ]);
    expect(
      markets
        .markets()
        .map((m) => [m.id, m.symbol])
        .slice(0, before.length),
    ).toEqual(before);
    expect(markets.marketBySymbol('shibusdt')).toMatchObject({ base_title: 'SHIB', tab_id: 3 });
    expect(markets.coinByName('btc')!.spot_fee_ppm).toBe(2500);
  });
});
