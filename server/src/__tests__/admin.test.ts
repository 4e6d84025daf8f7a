import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../admin.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
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

  it('an unknown command prints the usage and fails', () => {
    expect(run('nope')).toBe(1);
    expect(err.join('\n')).toContain('usage: npm run admin');
  });
});
