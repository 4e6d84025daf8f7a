import type { Db } from '../../db/database.ts';
import { LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import { MarketRepository } from '../../db/repositories/market-repository.ts';
import { UserRepository, type NewUser } from '../../db/repositories/user-repository.ts';
import { parseAmount } from '../../domain/money.ts';

/** Integer units of a decimal string (the server's money), for arranging and expecting amounts. */
export function units(text: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new Error(`bad amount ${text}`);
  return parsed.units;
}

/**
 * Every row of every table: what a refused call must leave as it was. A session's last activity is
 * left out: any authenticated call, refused or not, is the session in use.
 */
export function everything(db: Db): string {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return JSON.stringify(
    tables.map((table) => [table, db.prepare(`SELECT * FROM "${table}"`).safeIntegers(true).all()]),
    (key, value: unknown) => (key === 'last_active_at' ? null : typeof value === 'bigint' ? value.toString() : value),
  );
}

/** The row count of a table: a refused call must leave it as it was. */
export const rowCount = (db: Db, table: string): number =>
  db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

/** The ledger property, shared by every money test. */
export { expectBillsMatchBalances } from '../../db/__tests__/ledger-property.ts';

/** The id of a coin of the catalogue by its name (`usdt`). */
export function coinIdOf(db: Db, coin: string): number {
  const row = new MarketRepository(db).coinByName(coin);
  if (!row) throw new Error(`no coin ${coin}`);
  return row.id;
}

/** Funds a user in account type 1 with grant bill rows (as the demo's funds are): `{ usdt: '1000' }`. */
export function grant(db: Db, userId: number, funds: Record<string, string>, at: number): void {
  const changes = Object.entries(funds).map(([coin, amount]) => ({
    userId,
    coinId: coinIdOf(db, coin),
    accountType: 1,
    part: 'available' as const,
    amount: units(amount),
    kind: 'grant' as const,
  }));
  new LedgerRepository(db).apply(changes, null, at);
}

/**
 * Creates a user straight in the database (no register call), named `username`, with
 * `<name>@example.com`, an invite code made of the name, and optional funds; returns its id.
 */
export function createUser(
  db: Db,
  user: { name: string; username?: string; password: NewUser['password']; at: number; funds?: Record<string, string> },
): number {
  const id = new UserRepository(db).create({
    username: user.username ?? user.name,
    email: `${user.name}@example.com`,
    phone: null,
    password: user.password,
    inviteCode: user.name.toUpperCase().slice(0, 8).padEnd(6, 'X'),
    invitedBy: null,
    lang: 'en',
    registerIp: '127.0.0.1',
    createdAt: user.at,
  });
  grant(db, id, user.funds ?? {}, user.at);
  return id;
}
