import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../database.ts';
import { ContentRepository } from '../repositories/content-repository.ts';
import { NoticeRepository } from '../repositories/notice-repository.ts';
import { UserRepository } from '../repositories/user-repository.ts';
import { DEMO_ACCOUNT, DEMO_INVITE_CODE, DEMO_SITE_CONFIG, seedDemo, XSS_MARKER } from '../seed.ts';
import { verifySecret } from '../../domain/passwords.ts';
import { checkPassword } from '../../domain/validation.ts';

describe('demo seed', () => {
  let db: Db;
  beforeEach(() => {
    db = openDatabase(':memory:');
  });
  afterEach(() => db.close());

  it('creates a demo user whose password satisfies the rule and verifies against the hash', async () => {
    expect(checkPassword(DEMO_ACCOUNT.password)).toBeNull();
    expect(await seedDemo(db)).toBe(true);
    const demo = new UserRepository(db).findByUsername(DEMO_ACCOUNT.username)!;
    expect(demo.invite_code).toBe(DEMO_INVITE_CODE);
    expect(demo.password_hash).not.toContain(DEMO_ACCOUNT.password);
    expect(await verifySecret(DEMO_ACCOUNT.password, { hash: demo.password_hash, salt: demo.password_salt })).toBe(
      true,
    );
  });

  it('adds banners, 3+ notices (one with hostile HTML), about-us entries and partners', async () => {
    await seedDemo(db);
    const content = new ContentRepository(db);
    expect(content.banners().length).toBeGreaterThanOrEqual(3);
    expect(content.contentEntries().length).toBeGreaterThanOrEqual(1);
    expect(content.partners().length).toBeGreaterThanOrEqual(1);
    const demo = new UserRepository(db).findByUsername('demo')!;
    const notices = new NoticeRepository(db).page(demo.id, 1, 50).list;
    expect(notices.length).toBeGreaterThanOrEqual(3);
    const hostile = notices.filter((n) => n.content.includes('<script>') && /onerror=/.test(n.content));
    expect(hostile).toHaveLength(1);
    expect(hostile[0]!.content).toContain(XSS_MARKER);
    expect(DEMO_SITE_CONFIG.popup?.title).toBeTruthy();
  });

  it('runs once per database, and never on a database that already has users', async () => {
    expect(await seedDemo(db)).toBe(true);
    db.prepare("DELETE FROM users WHERE username = 'demo'").run();
    expect(await seedDemo(db)).toBe(false);
    expect(db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(0);

    const other = openDatabase(':memory:');
    try {
      other
        .prepare(
          "INSERT INTO users (username, password_hash, password_salt, invite_code, created_at) VALUES ('x', 'h', 's', 'XXXXXX', 1)",
        )
        .run();
      expect(await seedDemo(other)).toBe(false);
      expect(new ContentRepository(other).banners()).toEqual([]);
    } finally {
      other.close();
    }
  });
});
