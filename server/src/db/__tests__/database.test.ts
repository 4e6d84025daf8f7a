import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../database.ts';
import { UserRepository, type NewUser } from '../repositories/user-repository.ts';
import { SessionRepository } from '../repositories/session-repository.ts';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

const user = (over: Partial<NewUser> = {}): NewUser => ({
  username: 'alice@example.com',
  email: 'alice@example.com',
  phone: null,
  password: { hash: 'h', salt: 's' },
  inviteCode: 'AAAAAA',
  invitedBy: null,
  lang: 'en',
  registerIp: '',
  createdAt: 1,
  ...over,
});

describe('database and migrations', () => {
  let db: Db;
  beforeEach(() => {
    db = openDatabase(':memory:');
  });
  afterEach(() => db.close());

  // Numbers are handed out across parallel branches (a branch may hold 010 before 009 is merged), so
  // the rule is one file per number, in order, from 001, rather than no gaps.
  it('migration files are numbered NNN-name from 001, each number once', () => {
    const files = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) expect(file, file).toMatch(/^\d{3}-[\w-]+\.sql$/);
    const numbers = files.map((file) => Number(file.slice(0, 3)));
    expect(numbers[0]).toBe(1);
    expect(new Set(numbers).size, 'two files share a number').toBe(numbers.length);
  });

  it('creates every table the foundation needs, and a second run applies nothing', () => {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    for (const table of [
      'users',
      'sessions',
      'email_codes',
      'mail_outbox',
      'notices',
      'notice_reads',
      'banners',
      'content_entries',
      'partners',
      'app_meta',
      'reviews',
      'job_units',
    ]) {
      expect(tables, table).toContain(table);
    }
    expect(migrate(db)).toEqual([]);
  });

  it('user ids (UIDs) start at 100001', () => {
    expect(new UserRepository(db).create(user())).toBe(100001);
  });

  it('username and email are unique regardless of case; phone and invite code are unique', () => {
    const users = new UserRepository(db);
    users.create(user());
    expect(() => users.create(user({ username: 'ALICE@example.com', email: null, inviteCode: 'BBBBBB' }))).toThrow(
      /UNIQUE/,
    );
    expect(() => users.create(user({ username: 'other', email: 'Alice@Example.com', inviteCode: 'CCCCCC' }))).toThrow(
      /UNIQUE/,
    );
    expect(() => users.create(user({ username: 'x2', email: null, inviteCode: 'AAAAAA' }))).toThrow(/UNIQUE/);
    users.create(user({ username: '5550001', email: null, phone: '5550001', inviteCode: 'DDDDDD' }));
    expect(() => users.create(user({ username: 'y', email: null, phone: '5550001', inviteCode: 'EEEEEE' }))).toThrow(
      /UNIQUE/,
    );
    expect(users.findByLogin('ALICE@EXAMPLE.COM')?.username).toBe('alice@example.com');
    expect(users.findByLogin('5550001')?.phone).toBe('5550001');
  });

  it('sessions: expired or revoked ones are not active; revokeAll ends every live one', () => {
    const userId = new UserRepository(db).create(user());
    const sessions = new SessionRepository(db);
    const now = 1_000_000;
    const live = sessions.create(userId, 'live', now, now + 10);
    sessions.create(userId, 'old', now - 20, now - 1);
    expect(sessions.findActive('live', now)?.id).toBe(live);
    expect(sessions.findActive('live', now + 10)).toBeNull();
    expect(sessions.findActive('old', now)).toBeNull();
    sessions.create(userId, 'second', now, now + 10);
    expect(sessions.revokeAllForUser(userId, now)).toBe(3);
    expect(sessions.findActive('second', now)).toBeNull();
    // An ended session is kept until it would have expired: its token answers "ended", not "expired".
    sessions.purgeDeadForUser(userId, now);
    expect(sessions.wasEnded('second', now)).toBe(true);
    expect(db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(2);
    sessions.purgeDeadForUser(userId, now + 10);
    expect(db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);
  });

  it('deleting a user removes their sessions', () => {
    const userId = new UserRepository(db).create(user());
    new SessionRepository(db).create(userId, 'tok', 1, 2);
    db.prepare('DELETE FROM users WHERE id = ?').run(userId);
    expect(db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);
  });

  it('the stop-limit rebuild of spot_orders (045) keeps every order and fill of an older database', () => {
    const old = new Database(':memory:');
    try {
      old.pragma('foreign_keys = ON');
      old.exec(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
      );
      // The database as it was before 045: every earlier migration applied.
      for (const file of readdirSync(migrationsDir)
        .filter((f) => f.endsWith('.sql') && Number(f.slice(0, 3)) < 45)
        .sort()) {
        old.exec(readFileSync(join(migrationsDir, file), 'utf8'));
        old.prepare('INSERT INTO schema_migrations VALUES (?, ?, 1)').run(Number(file.slice(0, 3)), file);
      }
      const userId = new UserRepository(old).create(user());
      old.prepare("INSERT INTO coins (id, name, title) VALUES (901, 'aaa', 'AAA'), (902, 'bbb', 'BBB')").run();
      old
        .prepare(
          "INSERT INTO markets (id, symbol, base_coin_id, quote_coin_id, tab_id) VALUES (901, 'aaabbb', 901, 902, 2)",
        )
        .run();
      old
        .prepare(
          'INSERT INTO spot_orders (id, user_id, market_id, side, order_type, status, price, quantity, frozen, filled_qty, taker_qty, created_at, updated_at) VALUES (7, ?, 901, 1, 1, 1, 5, 9, 40, 1, 0, 1, 1)',
        )
        .run(userId);
      old
        .prepare(
          "INSERT INTO spot_fills (id, order_id, trade_id, trade_ts, price, quantity, value, fee, created_at) VALUES (3, 7, '42', 2, 5, 1, 5, 0, 2)",
        )
        .run();
      expect(migrate(old)).toContain(45);
      expect(old.prepare('SELECT id, status, frozen, filled_qty, trigger_price FROM spot_orders').all()).toEqual([
        { id: 7, status: 1, frozen: 40, filled_qty: 1, trigger_price: null },
      ]);
      expect(old.prepare('SELECT id, order_id, trade_id FROM spot_fills').all()).toEqual([
        { id: 3, order_id: 7, trade_id: '42' },
      ]);
      expect(old.pragma('foreign_key_check')).toEqual([]);
      // The rebuilt table still cascades to its fills.
      old.prepare('DELETE FROM spot_orders WHERE id = 7').run();
      expect(old.prepare('SELECT COUNT(*) FROM spot_fills').pluck().get()).toBe(0);
    } finally {
      old.close();
    }
  });
});
