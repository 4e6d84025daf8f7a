import { expect } from 'vitest';
import type { Db } from '../database.ts';

/**
 * The ledger property: every balance of the database equals the sum of its bill rows (available
 * and frozen each), and no bill row belongs to a balance that does not exist.
 */
export function expectBillsMatchBalances(db: Db): void {
  const rows = db
    .prepare(
      `SELECT b.user_id, b.coin_id, b.account_type, b.available, b.frozen,
         (SELECT COALESCE(SUM(amount), 0) FROM bills x WHERE x.user_id = b.user_id AND x.coin_id = b.coin_id AND x.account_type = b.account_type AND x.part = 'available') AS bill_available,
         (SELECT COALESCE(SUM(amount), 0) FROM bills x WHERE x.user_id = b.user_id AND x.coin_id = b.coin_id AND x.account_type = b.account_type AND x.part = 'frozen') AS bill_frozen
       FROM balances b`,
    )
    .safeIntegers(true)
    .all() as {
    user_id: bigint;
    coin_id: bigint;
    account_type: bigint;
    available: bigint;
    frozen: bigint;
    bill_available: bigint;
    bill_frozen: bigint;
  }[];
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const where = `user ${row.user_id} coin ${row.coin_id} account ${row.account_type}`;
    expect(row.bill_available, `${where} available`).toBe(row.available);
    expect(row.bill_frozen, `${where} frozen`).toBe(row.frozen);
  }
  const orphans = db
    .prepare(
      'SELECT COUNT(*) FROM bills x WHERE NOT EXISTS (SELECT 1 FROM balances b WHERE b.user_id = x.user_id AND b.coin_id = x.coin_id AND b.account_type = x.account_type)',
    )
    .pluck()
    .get();
  expect(orphans, 'bill rows without a balance').toBe(0);
}
