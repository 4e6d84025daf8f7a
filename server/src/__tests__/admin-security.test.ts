import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../admin.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { NoticeRepository } from '../db/repositories/notice-repository.ts';
import { SessionRepository } from '../db/repositories/session-repository.ts';
import { SignInRepository } from '../db/repositories/sign-in-repository.ts';
import { UserRepository } from '../db/repositories/user-repository.ts';
import { ManualClock } from '../feed/clock.ts';
import { freshDataDir } from './harness/index.ts';
import { TotpFactors, totpOf } from '../domain/security/totp.ts';

const AT = Date.UTC(2026, 0, 5, 8);

describe('npm run admin security:show and security:reset', () => {
  let dataDir: string;
  let config: ServerConfig;
  let out: string[];
  let err: string[];
  const clock = new ManualClock(AT);
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
  const run = (...argv: string[]) => runAdmin(argv, config, io, { now: () => clock.now() });

  beforeEach(async () => {
    dataDir = await freshDataDir('demo', 'admin-security-test-');
    config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '' });
    out = [];
    err = [];
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
  const demoId = () => withDb((db) => new UserRepository(db).findByUsername('demo')!.id);

  it('security:show lists live sessions and the last sign-ins', () => {
    withDb((db) => {
      const id = new UserRepository(db).findByUsername('demo')!.id;
      new SessionRepository(db).create(id, 'hash', AT - 1000, AT + 3_600_000, {
        ip: '198.51.100.7',
        userAgent: 'x',
        device: 'Chrome 140 on Android 14',
      });
      const signIns = new SignInRepository(db);
      for (let i = 0; i < 25; i++)
        signIns.add({
          userId: id,
          at: AT - i * 1000,
          reason: i === 0 ? 'wrong_password' : 'ok',
          ip: '198.51.100.7',
          device: 'd',
          browser: '',
          os: '',
          deviceKey: 'k',
        });
    });
    expect(run('security:show', '--user', 'demo')).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('live sessions: 1');
    expect(text).toMatch(/session\t\d+\tChrome 140 on Android 14\t198\.51\.100\.7/);
    expect(text).toContain('sign-ins: 20 of 25, newest first');
    expect(out.filter((line) => line.startsWith('sign-in\t'))).toHaveLength(20);
    expect(out.find((line) => line.startsWith('sign-in\t'))).toContain('wrong_password');
    expect(run('security:show', '--user', 'ghost')).toBe(1);
    expect(run('security:show')).toBe(1);
  });

  it('security:reset removes the authenticator, its recovery codes and the passkeys, writes the audit row and tells the user', () => {
    withDb((db) => {
      const id = new UserRepository(db).findByUsername('demo')!.id;
      const totp = new TotpFactors(db, () => AT);
      const secret = totp.begin(id);
      expect(totp.enable(id, totpOf(secret).generate({ timestamp: AT })).outcome.ok).toBe(true);
      db.prepare(
        `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name, created_at)
         VALUES (?, 'cred-1', x'00', 0, '[]', 'Phone', ?)`,
      ).run(id, AT);
    });
    expect(run('security:show', '--user', 'demo')).toBe(0);
    const shown = out.join('\n');
    expect(shown).toContain('totp_factors: 1');
    expect(shown).toContain('totp_recovery_codes: 10');
    expect(shown).toContain('passkeys: 1');
    // Secrets and keys never reach the operator's screen.
    expect(shown).not.toMatch(/secret=|code_hash=|public_key=/);
    const noticesBefore = withDb((db) => new NoticeRepository(db).page(demoId(), 1, 50).total);
    expect(run('security:reset', '--user', 'demo', '--operator', 'alice')).toBe(1);
    expect(err.join('\n')).toContain('--reason');
    expect(run('security:reset', '--user', 'demo', '--operator', 'alice', '--reason', 'lost phone, ticket 81')).toBe(0);
    expect(out.at(-1)).toMatch(/reset by alice: 1 from totp_factors, 10 from totp_recovery_codes, 1 from passkeys/);
    withDb((db) => {
      for (const table of ['totp_factors', 'totp_recovery_codes', 'passkeys'])
        expect(db.prepare(`SELECT COUNT(*) FROM ${table} WHERE user_id = ?`).pluck().get(demoId())).toBe(0);
      expect(db.prepare('SELECT user_id, operator, action, reason, at FROM security_audit').all()).toEqual([
        { user_id: demoId(), operator: 'alice', action: 'factors_reset', reason: 'lost phone, ticket 81', at: AT },
      ]);
      const notices = new NoticeRepository(db).page(demoId(), 1, 50);
      expect(notices.total).toBe(noticesBefore + 1);
      expect(notices.list.find((n) => n.title === 'Second factor removed')?.content).toContain('customer service');
    });
  });
});
