import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { openDatabase } from '../../../db/database.ts';
import { freshDataDir, startTestApp, type TestApp } from '../../../__tests__/harness/index.ts';

interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  code: string;
  created_at: number;
}

const outbox = async (t: TestApp, to: string): Promise<OutboxMessage[]> =>
  (await t.app.inject({ method: 'GET', url: `/__test/outbox?to=${encodeURIComponent(to)}` })).json<OutboxMessage[]>();

describe('api/Ems/send', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => t.close());

  it('mails a 6-digit code valid for 10 minutes to the outbox', async () => {
    const before = Date.now();
    expect(await t.post('Ems/send', { email: ' Mail@Example.com ' })).toMatchObject({
      code: 1,
      msg: 'Verification code sent, please check your email',
    });
    const [message, ...rest] = await outbox(t, 'mail@example.com');
    expect(rest).toEqual([]);
    expect(message).toMatchObject({ to: 'mail@example.com', subject: 'Your verification code' });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.body).toContain(message!.code);
    expect(message!.created_at).toBeGreaterThanOrEqual(before);
    const stored = t.db.prepare('SELECT code_hash, created_at, expires_at FROM email_codes').get() as {
      code_hash: string;
      created_at: number;
      expires_at: number;
    };
    expect(stored.expires_at - stored.created_at).toBe(10 * 60_000);
    expect(stored.code_hash).not.toContain(message!.code);
  });

  it('writes the message in the request language', async () => {
    await t.post('Ems/send', { email: 'zh@example.com' }, { Lang: 'zh-cn' });
    const [message] = await outbox(t, 'zh@example.com');
    expect(message!.subject).toBe('您的验证码');
    expect(message!.body).toContain(`您的验证码是${message!.code}`);
  });

  it('refuses a resend within 60 s with the wait, and allows it after', async () => {
    await t.post('Ems/send', { email: 'wait@example.com' });
    const again = await t.post('Ems/send', { email: 'wait@example.com' });
    expect(again.code).toBe(0);
    expect(again.msg).toMatch(/^Please wait (59|60) s before requesting another code$/);
    expect(await outbox(t, 'wait@example.com')).toHaveLength(1);
    expect((await t.post('Ems/send', { email: 'other@example.com' })).code).toBe(1);

    t.db.prepare("UPDATE email_codes SET created_at = created_at - 45000 WHERE email = 'wait@example.com'").run();
    expect((await t.post('Ems/send', { email: 'wait@example.com' })).msg).toMatch(/^Please wait 1[45] s/);
    t.db.prepare("UPDATE email_codes SET created_at = created_at - 16000 WHERE email = 'wait@example.com'").run();
    expect((await t.post('Ems/send', { email: 'wait@example.com' })).code).toBe(1);
    const messages = await outbox(t, 'wait@example.com');
    expect(messages).toHaveLength(2);
    expect(messages[0]!.created_at).toBeGreaterThanOrEqual(messages[1]!.created_at);
  });

  it('refuses a missing or malformed address and mails nothing', async () => {
    expect(await t.post('Ems/send')).toMatchObject({ code: 0, msg: 'Please enter a valid email address' });
    expect(await t.post('Ems/send', { email: 'nobody@' })).toMatchObject({
      code: 0,
      msg: 'Please enter a valid email address',
    });
    expect(t.db.prepare('SELECT COUNT(*) FROM mail_outbox').pluck().get()).toBe(0);
  });
});

describe('api/Ems/send logging', () => {
  it('logs one info line per queued mail naming the address and the admin command, never the code', async () => {
    const dataDir = await freshDataDir('demo', 'ems-log-test-');
    const db = openDatabase(dataDir);
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    // The real app plugin under a logger whose lines the test can read (buildApp logs to stdout).
    const fastify = Fastify({ logger: { level: 'info', stream } });
    try {
      const config = loadConfig({
        ...process.env,
        DATA_DIR: dataDir,
        STATIC_DIR: '',
        TEST_ROUTES: '1',
        AUTH_RATE_LIMIT: '0',
      });
      await fastify.register(app, { config, db });
      await fastify.ready();
      const send = (email: string) =>
        fastify.inject({
          method: 'POST',
          url: '/api/Ems/send',
          payload: `email=${encodeURIComponent(email)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      await send('First@Example.com');
      await send('first@example.com');
      await send('second@example.com');
      const queued = lines.filter((l) => l.msg.includes('queued'));
      expect(queued.map((l) => l.level)).toEqual([30, 30]);
      expect(queued[0]!.msg).toContain('first@example.com');
      expect(queued[0]!.msg).toContain('npm run admin -- mail:list --to first@example.com');
      expect(queued[1]!.msg).toContain('second@example.com');
      const codes = db.prepare('SELECT code FROM mail_outbox').pluck().all() as string[];
      expect(codes).toHaveLength(2);
      const logged = JSON.stringify(lines);
      for (const code of codes) expect(logged).not.toContain(code);
    } finally {
      await fastify.close();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
