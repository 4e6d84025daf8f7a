import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionRepository } from '../../../db/repositories/session-repository.ts';
import { DEMO_ACCOUNT } from '../../../db/seed.ts';
import { newToken, sha256 } from '../../../domain/tokens.ts';
import { login, startTestApp, type LoginData, type TestApp, type UserInfo } from '../../../__tests__/harness/index.ts';

const demoId = (t: TestApp): number =>
  t.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(DEMO_ACCOUNT.username) as number;

describe('api/Login login, logout and the Token header', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => t.close());

  it('logs in by username, email or phone, answering data.userinfo.token', async () => {
    const byName = await t.post<LoginData>('Login/login', {
      username: 'demo',
      password: 'demo1234',
      ip: '203.0.113.1',
    });
    expect(byName).toMatchObject({
      code: 1,
      msg: 'Login successful',
      data: { userinfo: { username: 'demo', id: demoId(t) } },
    });
    expect(await login(t, 'DEMO@example.com', 'demo1234')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await t.post('Login/register', { type: 1, phone: '13800000000', password: 'abc123', repassword: 'abc123' });
    expect(await login(t, '13800000000', 'abc123')).toHaveLength(43);
    expect(t.db.prepare('SELECT last_login_ip FROM users WHERE id = ?').pluck().get(demoId(t))).toBe('203.0.113.8');
  });

  it('stores only the sha256 of a token', async () => {
    const token = await login(t, 'demo', 'demo1234');
    const hashes = t.db.prepare('SELECT token_hash FROM sessions').pluck().all();
    expect(hashes).toContain(sha256(token));
    expect(hashes).not.toContain(token);
  });

  it('refuses missing fields, a wrong password and an unknown account with one message', async () => {
    expect(await t.post('Login/login', { username: 'demo' })).toMatchObject({
      code: 0,
      msg: 'Please enter your account and password',
    });
    expect(await t.post('Login/login', { password: 'demo1234' })).toMatchObject({
      code: 0,
      msg: 'Please enter your account and password',
    });
    expect(await t.post('Login/login', { username: 'demo', password: 'demo1235' })).toMatchObject({
      code: 0,
      msg: 'Wrong account or password',
    });
    expect(await t.post('Login/login', { username: 'ghost', password: 'demo1234' })).toMatchObject({
      code: 0,
      msg: 'Wrong account or password',
    });
    expect(await t.post('Login/login', { username: 'ghost', password: 'demo1234' }, { Lang: 'zh-cn' })).toMatchObject({
      msg: '账号或密码错误',
    });
    expect(t.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);
  });

  it('answers 401 for a missing, unknown or expired token', async () => {
    expect(await t.post('User/getUserInfo')).toMatchObject({ code: 401, msg: 'Please log in first', data: null });
    expect(await t.post('User/getUserInfo', {}, { Token: newToken() })).toMatchObject({
      code: 401,
      msg: 'Your session has expired, please log in again',
    });

    const expired = newToken();
    new SessionRepository(t.db).create(demoId(t), sha256(expired), Date.now() - 7200_000, Date.now() - 1000);
    expect(await t.post('User/getUserInfo', {}, { Token: expired })).toMatchObject({ code: 401 });

    const live = newToken();
    new SessionRepository(t.db).create(demoId(t), sha256(live), Date.now(), Date.now() + 60_000);
    expect((await t.post<UserInfo>('User/getUserInfo', {}, { Token: live })).data.username).toBe('demo');
  });

  it('gives a token the configured lifetime', async () => {
    const short = await startTestApp({ TOKEN_TTL_HOURS: '2' });
    try {
      const before = Date.now();
      const token = await login(short, 'demo', 'demo1234');
      const expiresAt = short.db
        .prepare('SELECT expires_at FROM sessions WHERE token_hash = ?')
        .pluck()
        .get(sha256(token)) as number;
      expect(expiresAt - before).toBeGreaterThanOrEqual(2 * 3600_000);
      expect(expiresAt - Date.now()).toBeLessThanOrEqual(2 * 3600_000);
    } finally {
      await short.close();
    }
  });

  it('logout revokes that token only', async () => {
    const first = await login(t, 'demo', 'demo1234');
    const second = await login(t, 'demo', 'demo1234');
    expect(await t.post('Login/logout', {}, { Token: first })).toMatchObject({ code: 1, msg: 'You have logged out' });
    expect((await t.post('User/getUserInfo', {}, { Token: first })).code).toBe(401);
    expect((await t.post('User/getUserInfo', {}, { Token: second })).code).toBe(1);
    expect((await t.post('Login/logout', {}, { Token: first })).code).toBe(401);
    expect((await t.post('Login/logout')).code).toBe(401);
  });

  it('rate-limits login, register and Ems/send per IP with an envelope message', async () => {
    const limited = await startTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const attempt = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/Login/login',
          remoteAddress: ip,
          payload: { username: 'demo', password: 'wrong1' },
        });
      for (let i = 0; i < 3; i++)
        expect((await attempt('198.51.100.1')).json()).toMatchObject({ code: 0, msg: 'Wrong account or password' });
      const blocked = await attempt('198.51.100.1');
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json().code).toBe(0);
      expect(blocked.json().msg).toMatch(/^Too many requests, please try again in \d+ s$/);
      expect((await attempt('198.51.100.2')).json().msg).toBe('Wrong account or password');

      const send = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/Ems/send',
          remoteAddress: '198.51.100.3',
          payload: { email: `r${n}@example.com` },
        });
      for (let i = 0; i < 3; i++) expect((await send(i)).json().code).toBe(1);
      expect((await send(3)).json().msg).toMatch(/^Too many requests/);

      const register = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/Login/register',
          remoteAddress: '198.51.100.4',
          headers: { lang: 'zh-cn' },
          payload: { type: 9 },
        });
      for (let i = 0; i < 3; i++) expect((await register()).json().msg).toBe('未知的注册方式');
      expect((await register()).json().msg).toMatch(/^请求过于频繁/);
    } finally {
      await limited.close();
    }
  });
});
