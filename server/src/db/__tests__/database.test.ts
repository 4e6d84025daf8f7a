import { readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
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
    const files = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) expect(file, file).toMatch(/^\d{3}-[\w-]+\.sql$/);
    const numbers = files.map((file) => Number(file.slice(0, 3)));
    expect(numbers[0]).toBe(1);
    expect(new Set(numbers).size, 'two files share a number').toBe(numbers.length);
  });

  it('creates every table the foundation needs, and a second run applies nothing', () => {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    for (const table of ['users', 'sessions', 'email_codes', 'mail_outbox', 'notices', 'notice_reads', 'banners', 'content_entries', 'partners', 'app_meta', 'reviews', 'job_units']) {
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
    expect(() => users.create(user({ username: 'ALICE@example.com', email: null, inviteCode: 'BBBBBB' }))).toThrow(/UNIQUE/);
    expect(() => users.create(user({ username: 'other', email: 'Alice@Example.com', inviteCode: 'CCCCCC' }))).toThrow(/UNIQUE/);
    expect(() => users.create(user({ username: 'x2', email: null, inviteCode: 'AAAAAA' }))).toThrow(/UNIQUE/);
    users.create(user({ username: '5550001', email: null, phone: '5550001', inviteCode: 'DDDDDD' }));
    expect(() => users.create(user({ username: 'y', email: null, phone: '5550001', inviteCode: 'EEEEEE' }))).toThrow(/UNIQUE/);
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
    sessions.purgeDeadForUser(userId, now);
    expect(db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);
  });

  it('deleting a user removes their sessions', () => {
    const userId = new UserRepository(db).create(user());
    new SessionRepository(db).create(userId, 'tok', 1, 2);
    db.prepare('DELETE FROM users WHERE id = ?').run(userId);
    expect(db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);
  });
});
