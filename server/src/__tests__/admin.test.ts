import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_LIST_DEFAULT_LIMIT, runAdmin } from '../admin.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { MailRepository } from '../db/repositories/mail-repository.ts';
import { NoticeRepository } from '../db/repositories/notice-repository.ts';
import { UserRepository } from '../db/repositories/user-repository.ts';
import { seedDemo } from '../db/seed.ts';

describe('npm run admin', () => {
  let dataDir: string;
  let config: ServerConfig;
  let out: string[];
  let err: string[];
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
  const run = (...argv: string[]) => runAdmin(argv, config, io);

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'admin-test-'));
    config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '' });
    out = [];
    err = [];
    const db = openDatabase(dataDir);
    await seedDemo(db);
    db.close();
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const withDb = <T>(fn: (db: ReturnType<typeof openDatabase>) => T): T => {
    const db = openDatabase(dataDir);
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };

  it('notice:add adds a broadcast, or a notice for one user', () => {
    expect(run('notice:add', '--title', 'Broadcast', '--content', '<p>all</p>')).toBe(0);
    expect(run('notice:add', '--title', 'Personal', '--content', '<p>you</p>', '--user', 'demo')).toBe(0);
    expect(out.join('\n')).toMatch(/for everyone[\s\S]*for demo/);
    withDb((db) => {
      const demo = new UserRepository(db).findByUsername('demo')!;
      const titles = new NoticeRepository(db).page(demo.id, 1, 2).list.map((n) => n.title);
      expect(titles.sort()).toEqual(['Broadcast', 'Personal']);
      expect(db.prepare("SELECT user_id FROM notices WHERE title = 'Broadcast'").pluck().get()).toBeNull();
    });
  });

  it('notice:add refuses a missing title or content and an unknown user, adding nothing', () => {
    const before = withDb((db) => db.prepare('SELECT COUNT(*) FROM notices').pluck().get());
    expect(run('notice:add', '--content', 'x')).toBe(1);
    expect(run('notice:add', '--title', 'x')).toBe(1);
    expect(run('notice:add', '--title', 'x', '--content', 'y', '--user', 'ghost')).toBe(1);
    expect(run('notice:add', '--title', 'x', '--content', 'y', '--bogus')).toBe(1);
    expect(err.join('\n')).toContain('no user named "ghost"');
    expect(withDb((db) => db.prepare('SELECT COUNT(*) FROM notices').pluck().get())).toBe(before);
  });

  it('user:list lists the accounts', () => {
    expect(run('user:list')).toBe(0);
    expect(out.some((line) => line.split('\t')[1] === 'demo')).toBe(true);
    expect(out.at(-1)).toBe('1 user(s)');
  });

  it('config:show prints the config getSetting answers, from the operator file when it exists', () => {
    expect(run('config:show')).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ name: 'TradeDesk', quantize_switch: 0, ip_lookup_url: '/api/index/ip' });
    expect(err.join('\n')).toContain('does not exist yet');

    writeFileSync(join(dataDir, 'site-config.json'), JSON.stringify({ name: 'Operator Desk' }));
    out = [];
    expect(run('config:show')).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ name: 'Operator Desk', theme_switch: 1 });
  });

  describe('mail:list', () => {
    const queue = (to: string, code: string, createdAt: number) =>
      withDb((db) => new MailRepository(db).addMessage({ to, subject: `Code for ${to}`, body: `Your code is ${code}`, code, created_at: createdAt }));
    const rows = () => out.slice(1, -1).map((line) => line.split('\t'));

    it('prints the outbox newest first with address and code', () => {
      queue('a@example.com', '111111', Date.UTC(2025, 0, 1, 10));
      queue('b@example.com', '222222', Date.UTC(2025, 0, 1, 12));
      queue('a@example.com', '333333', Date.UTC(2025, 0, 1, 11));
      expect(run('mail:list')).toBe(0);
      expect(out[0]!.split('\t')).toEqual(['created', 'to', 'code', 'subject']);
      expect(rows().map(([, to, code]) => [to, code])).toEqual([
        ['b@example.com', '222222'],
        ['a@example.com', '333333'],
        ['a@example.com', '111111'],
      ]);
      expect(rows()[0]![0]).toBe(new Date(Date.UTC(2025, 0, 1, 12)).toISOString());
      expect(out.at(-1)).toMatch(/^3 message\(s\)/);
    });

    it('--to keeps one address (as Ems/send stores it: trimmed, lower-case) and --limit the newest N', () => {
      for (let i = 0; i < 4; i++) queue('a@example.com', `10000${i}`, 1_000 + i);
      queue('b@example.com', '999999', 5_000);
      expect(run('mail:list', '--to', ' A@Example.com ', '--limit', '2')).toBe(0);
      expect(rows().map(([, to, code]) => [to, code])).toEqual([
        ['a@example.com', '100003'],
        ['a@example.com', '100002'],
      ]);
    });

    it(`shows at most ${MAIL_LIST_DEFAULT_LIMIT} without --limit`, () => {
      for (let i = 0; i < MAIL_LIST_DEFAULT_LIMIT + 3; i++) queue('many@example.com', String(100000 + i), 1_000 + i);
      expect(run('mail:list')).toBe(0);
      expect(rows()).toHaveLength(MAIL_LIST_DEFAULT_LIMIT);
      expect(rows()[0]![2]).toBe(String(100000 + MAIL_LIST_DEFAULT_LIMIT + 2));
    });

    it('says so when nothing was queued', () => {
      expect(run('mail:list')).toBe(0);
      expect(out).toEqual(['the outbox is empty']);
      queue('a@example.com', '123456', 1_000);
      out = [];
      expect(run('mail:list', '--to', 'nobody@example.com')).toBe(0);
      expect(out).toEqual(['no mail queued for nobody@example.com']);
    });

    it('refuses a limit that is not a whole number from 1, and an unknown option', () => {
      for (const limit of ['0', '-1', '2.5', 'ten', '']) expect(run('mail:list', '--limit', limit)).toBe(1);
      expect(run('mail:list', '--bogus')).toBe(1);
      expect(err.join('\n')).toContain('--limit must be a whole number');
      expect(out).toEqual([]);
    });
  });

  it('an unknown command prints the usage and fails', () => {
    expect(run('nope')).toBe(1);
    expect(err.join('\n')).toContain('usage: npm run admin');
  });
});
