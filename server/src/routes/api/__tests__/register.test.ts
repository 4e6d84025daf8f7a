import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_INVITE_CODE } from '../../../db/seed.ts';
import { readCatalogue } from '../../../i18n/index.ts';
import {
  latestCode,
  registerByEmail,
  startTestApp,
  type LoginData,
  type TestApp,
  type UserInfo,
} from '../../../__tests__/harness/index.ts';

const userCount = (t: TestApp): number => t.db.prepare('SELECT COUNT(*) FROM users').pluck().get() as number;

function setSwitches(t: TestApp, switches: Record<string, number>): void {
  const file = join(t.dataDir, 'site-config.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...switches }));
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);
}

describe('api/Login/register', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => t.close());

  /** Posts a registration and asserts it is refused with `msg` and stored nothing. */
  async function expectRefused(
    fields: Record<string, string | number>,
    msg: string,
    headers: Record<string, string> = {},
  ): Promise<void> {
    const before = userCount(t);
    const answer = await t.post('Login/register', fields, headers);
    expect(answer).toMatchObject({ code: 0, msg });
    expect(userCount(t)).toBe(before);
  }

  it('registers by email with the mailed code and logs the new account in', async () => {
    const token = await registerByEmail(t, 'New.User@Example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.post<UserInfo>('User/getUserInfo', {}, { Token: token });
    expect(info.data).toMatchObject({ username: 'new.user@example.com', vip: 0, rzstatus: 0, have_pay: 0 });
    expect(info.data.invit).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(t.db.prepare('SELECT register_ip FROM users WHERE id = ?').pluck().get(info.data.id)).toBe('203.0.113.7');
  });

  it('registers by phone without a code', async () => {
    const answer = await t.post<LoginData>('Login/register', {
      type: 1,
      phone: '5551234567',
      password: 'abc123',
      repassword: 'abc123',
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data.userinfo).toMatchObject({ username: '5551234567' });
    expect(answer.data.userinfo.token.length).toBe(43);
  });

  it('rejects each broken rule with its own message and stores nothing', async () => {
    const ok = { type: 2, email: 'rules@example.com', password: 'abc123', repassword: 'abc123', code: '000000' };
    await expectRefused({ ...ok, type: 3 }, 'Unknown registration type');
    await expectRefused({ ...ok, type: '' }, 'Unknown registration type');
    await expectRefused({ ...ok, email: 'not-an-email' }, 'Please enter a valid email address');
    await expectRefused({ ...ok, email: 'a@b' }, 'Please enter a valid email address');
    await expectRefused({ ...ok, email: '' }, 'Please enter a valid email address');
    await expectRefused(
      { type: 1, phone: '12345', password: 'abc123', repassword: 'abc123' },
      'Please enter a valid phone number (6-20 digits)',
    );
    await expectRefused(
      { type: 1, phone: '123456789012345678901', password: 'abc123', repassword: 'abc123' },
      'Please enter a valid phone number (6-20 digits)',
    );
    await expectRefused(
      { type: 1, phone: '+12345678', password: 'abc123', repassword: 'abc123' },
      'Please enter a valid phone number (6-20 digits)',
    );
    await expectRefused({ ...ok, password: 'abc12', repassword: 'abc12' }, 'Password must be 6-20 letters or numbers');
    await expectRefused(
      { ...ok, password: 'a'.repeat(21), repassword: 'a'.repeat(21) },
      'Password must be 6-20 letters or numbers',
    );
    await expectRefused(
      { ...ok, password: 'abc 123', repassword: 'abc 123' },
      'Password must be 6-20 letters or numbers',
    );
    await expectRefused(
      { ...ok, password: 'abc12!', repassword: 'abc12!' },
      'Password must be 6-20 letters or numbers',
    );
    await expectRefused({ ...ok, repassword: 'abc124' }, 'The two passwords are not the same');
    await expectRefused({ ...ok, code: '' }, 'Please enter the email verification code');
    await expectRefused(ok, 'The verification code is wrong or has expired');
  });

  it('answers in the request language and falls back to English for a language it does not know', async () => {
    const bad = { type: 2, email: 'x', password: 'abc123', repassword: 'abc123' };
    await expectRefused(bad, '请输入有效的邮箱地址', { Lang: 'zh-cn' });
    const french = readCatalogue('fr')?.['validate.emailInvalid'];
    expect(french).not.toBe('Please enter a valid email address');
    await expectRefused(bad, french ?? 'no French catalogue', { Lang: 'fr' });
    await expectRefused(bad, 'Please enter a valid email address', { Lang: 'xx' });
  });

  it('rejects a wrong or expired code and accepts the right one', async () => {
    const email = 'codes@example.com';
    expect((await t.post('Ems/send', { email })).code).toBe(1);
    const code = await latestCode(t, email);
    const wrong = code === '123456' ? '654321' : '123456';
    const fields = { type: 2, email, password: 'abc123', repassword: 'abc123' };
    await expectRefused({ ...fields, code: wrong }, 'The verification code is wrong or has expired');

    t.db.prepare('UPDATE email_codes SET expires_at = ? WHERE email = ?').run(Date.now() - 1, email);
    await expectRefused({ ...fields, code }, 'The verification code is wrong or has expired');

    t.db.prepare('UPDATE email_codes SET expires_at = ? WHERE email = ?').run(Date.now() + 60_000, email);
    expect((await t.post('Login/register', { ...fields, code })).code).toBe(1);
    await expectRefused({ ...fields, code }, 'This email is already registered');
  });

  it('kills a code after five wrong guesses', async () => {
    const email = 'guess@example.com';
    await t.post('Ems/send', { email });
    const code = await latestCode(t, email);
    const wrong = code === '111111' ? '222222' : '111111';
    const fields = { type: 2, email, password: 'abc123', repassword: 'abc123' };
    for (let i = 0; i < 5; i++)
      await expectRefused({ ...fields, code: wrong }, 'The verification code is wrong or has expired');
    await expectRefused({ ...fields, code }, 'The verification code is wrong or has expired');
  });

  it('rejects duplicate email (any case) and duplicate phone', async () => {
    await registerByEmail(t, 'dup@example.com');
    await t.db.prepare('UPDATE email_codes SET created_at = created_at - 61000').run();
    expect((await t.post('Ems/send', { email: 'DUP@example.com' })).code).toBe(1);
    const code = await latestCode(t, 'dup@example.com');
    await expectRefused(
      { type: 2, email: 'DUP@example.com', password: 'abc123', repassword: 'abc123', code },
      'This email is already registered',
    );

    expect(
      (await t.post('Login/register', { type: 1, phone: '88888888', password: 'abc123', repassword: 'abc123' })).code,
    ).toBe(1);
    await expectRefused(
      { type: 1, phone: '88888888', password: 'xyz789', repassword: 'xyz789' },
      'This phone number is already registered',
    );
    await expectRefused({ type: 1, phone: '88888888', password: 'xyz789', repassword: 'xyz789' }, '该手机号已被注册', {
      Lang: 'zh-cn',
    });
  });

  it('respects the registration switches and verify_email_code', async () => {
    setSwitches(t, { email_register_switch: 0, phone_register_switch: 0 });
    await expectRefused(
      { type: 2, email: 'closed@example.com', password: 'abc123', repassword: 'abc123', code: '1' },
      'Registration by email is closed',
    );
    await expectRefused(
      { type: 1, phone: '77777777', password: 'abc123', repassword: 'abc123' },
      'Registration by phone is closed',
    );

    setSwitches(t, { email_register_switch: 1, phone_register_switch: 1, verify_email_code: 0 });
    const answer = await t.post('Login/register', {
      type: 2,
      email: 'nocode@example.com',
      password: 'abc123',
      repassword: 'abc123',
    });
    expect(answer.code, answer.msg).toBe(1);
  });

  it('links a valid invite code, refuses an unknown one, and ignores codes when invie_code_switch is 0', async () => {
    const invited = await registerByEmail(t, 'invited@example.com', 'abc123', {
      invit: DEMO_INVITE_CODE.toLowerCase(),
    });
    const info = await t.post<UserInfo>('User/getUserInfo', {}, { Token: invited });
    const demoId = t.db.prepare("SELECT id FROM users WHERE username = 'demo'").pluck().get();
    expect(t.db.prepare('SELECT invited_by FROM users WHERE id = ?').pluck().get(info.data.id)).toBe(demoId);

    const fields = { type: 1, password: 'abc123', repassword: 'abc123' };
    await expectRefused({ ...fields, phone: '66666666', invite: 'NOPE99' }, 'The invite code does not exist');
    setSwitches(t, { invie_code_switch: 0 });
    expect((await t.post('Login/register', { ...fields, phone: '66666666', invite: 'NOPE99' })).code).toBe(1);
  });
});
