import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MailRepository } from '../../../../db/repositories/mail-repository.ts';
import { NoticeRepository } from '../../../../db/repositories/notice-repository.ts';
import { DEMO_ACCOUNT } from '../../../../db/seed.ts';
import { SIGN_IN_KEEP_MS } from '../../../../domain/security/sign-ins.ts';
import { ManualClock } from '../../../../feed/clock.ts';
import { LAST_ACTIVE_STEP_MS } from '../../../../http/auth.ts';
import { as, startTestApp, type LoginData, type TestApp } from '../../../../__tests__/harness/index.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const PHONE_UPDATED = PHONE.replace('Chrome/140.0.0.0', 'Chrome/141.0.0.0');
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface SessionItem {
  id: number;
  device: string;
  browser: string;
  os: string;
  ip: string;
  created_at_ms: number;
  last_active_at_ms: number;
  current: 0 | 1;
}
interface SignInItem {
  id: number;
  at_ms: number;
  ok: 0 | 1;
  reason: string;
  ip: string;
  device: string;
}

describe('sessions, sign-in history and security notices', () => {
  let t: TestApp;
  let clock: ManualClock;
  let demoId: number;
  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 0, 5, 8));
    t = await startTestApp({}, { clock });
    demoId = t.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(DEMO_ACCOUNT.username) as number;
  });
  afterEach(async () => t.close());

  const signIn = async (userAgent: string, password: string = DEMO_ACCOUNT.password) =>
    t.post<LoginData>('Login/login', { username: DEMO_ACCOUNT.username, password }, { 'user-agent': userAgent });
  const tokenOn = async (userAgent: string) => {
    const answer = await signIn(userAgent);
    expect(answer.code, answer.msg).toBe(1);
    return answer.data.userinfo.token;
  };
  const sessionsOf = async (token: string) =>
    (await t.post<{ list: SessionItem[] }>('Security/getSessionList', {}, as(token))).data.list;
  const notices = () => new NoticeRepository(t.db).page(demoId, 1, 50).list;

  it("lists live sessions with device, browser, address and times, marking the caller's own", async () => {
    const phone = await tokenOn(PHONE);
    const startedAt = clock.now();
    clock.advance(5_000);
    const iphone = await tokenOn(IPHONE);
    const list = await sessionsOf(phone);
    expect(list).toHaveLength(2);
    const mine = list.find((s) => s.current === 1)!;
    expect(mine).toMatchObject({ device: 'Chrome 140 on Pixel 8, Android 14', browser: 'Chrome 140', ip: '127.0.0.1' });
    expect(mine.created_at_ms).toBe(startedAt);
    expect(list.find((s) => s.current === 0)).toMatchObject({ device: 'Mobile Safari 17 on iPhone, iOS 17.5' });
    expect((await sessionsOf(iphone)).filter((s) => s.current === 1).map((s) => s.browser)).toEqual([
      'Mobile Safari 17',
    ]);
  });

  it('moves last activity on authenticated calls, at most once a minute', async () => {
    const token = await tokenOn(PHONE);
    const lastActive = () =>
      t.db.prepare('SELECT last_active_at FROM sessions WHERE user_id = ?').pluck().get(demoId) as number | null;
    expect(lastActive()).toBeNull();
    await t.post('User/getUserInfo', {}, as(token));
    const first = clock.now();
    expect(lastActive()).toBe(first);
    clock.advance(LAST_ACTIVE_STEP_MS - 1);
    await t.post('User/getUserInfo', {}, as(token));
    expect(lastActive()).toBe(first);
    clock.advance(1);
    await t.post('User/getUserInfo', {}, as(token));
    expect(lastActive()).toBe(clock.now());
    expect((await sessionsOf(token))[0]!.last_active_at_ms).toBe(clock.now());
  });

  it('revoking one session answers its next call 401 "ended", not "expired"; the others stay', async () => {
    const phone = await tokenOn(PHONE);
    const iphone = await tokenOn(IPHONE);
    const target = (await sessionsOf(phone)).find((s) => s.current === 0)!;
    expect(await t.post('Security/revokeSession', { id: target.id }, as(phone))).toMatchObject({
      code: 1,
      msg: 'Session ended',
    });
    expect(await t.post('User/getUserInfo', {}, as(iphone))).toMatchObject({
      code: 401,
      msg: 'This session was ended from your account, please log in again',
    });
    expect((await t.post('User/getUserInfo', {}, as(iphone, 'zh-cn'))).msg).not.toBe(
      (await t.post('User/getUserInfo', {}, as('unknown-token', 'zh-cn'))).msg,
    );
    expect((await t.post('User/getUserInfo', {}, as(phone))).code).toBe(1);
    // Not twice, and never another user's.
    expect(await t.post('Security/revokeSession', { id: target.id }, as(phone))).toMatchObject({
      code: 0,
      msg: 'This session does not exist or has already ended',
    });
  });

  it("revoking the others ends all but the caller's session", async () => {
    const first = await tokenOn(PHONE);
    const second = await tokenOn(IPHONE);
    const third = await tokenOn(PHONE);
    expect(await t.post('Security/revokeOtherSessions', {}, as(second))).toMatchObject({
      code: 1,
      data: { revoked: 2 },
    });
    expect((await t.post('User/getUserInfo', {}, as(first))).msg).toBe(
      'This session was ended from your account, please log in again',
    );
    expect((await t.post('User/getUserInfo', {}, as(third))).code).toBe(401);
    expect((await sessionsOf(second)).map((s) => s.current)).toEqual([1]);
  });

  it('keeps a history of sign-ins, failures included, newest first and paged', async () => {
    await tokenOn(PHONE);
    clock.advance(1000);
    expect((await signIn(IPHONE, 'wrong99')).code).toBe(0);
    clock.advance(1000);
    const token = await tokenOn(PHONE);
    const page = await t.post<{ list: SignInItem[]; total: number }>(
      'Security/getSignInList',
      { page: 1, limit: 2 },
      as(token),
    );
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((r) => [r.ok, r.reason])).toEqual([
      [1, 'ok'],
      [0, 'wrong_password'],
    ]);
    expect(page.data.list[1]).toMatchObject({
      device: 'Mobile Safari 17 on iPhone, iOS 17.5',
      browser: 'Mobile Safari 17',
      os: 'iPhone, iOS 17.5',
      ip: '127.0.0.1',
    });
    const next = await t.post<{ list: SignInItem[] }>('Security/getSignInList', { page: 2, limit: 2 }, as(token));
    expect(next.data.list.map((r) => r.reason)).toEqual(['ok']);
    // An unknown account has no history to write to.
    await t.post('Login/login', { username: 'ghost', password: 'wrong99' });
    expect(t.db.prepare('SELECT COUNT(*) FROM sign_ins').pluck().get()).toBe(3);
  });

  it('purges sign-ins once they are 90 days old, when a new one is written', async () => {
    await tokenOn(PHONE);
    clock.advance(SIGN_IN_KEEP_MS - 1);
    await signIn(PHONE, 'wrong99');
    expect(t.db.prepare('SELECT COUNT(*) FROM sign_ins').pluck().get()).toBe(2);
    clock.advance(1);
    await signIn(PHONE, 'wrong99');
    expect(t.db.prepare('SELECT reason FROM sign_ins ORDER BY at').pluck().all()).toEqual([
      'wrong_password',
      'wrong_password',
    ]);
  });

  it("a sign-in from a new device sends a notice and a mail in the user's language; a browser update is not new", async () => {
    t.db.prepare("UPDATE users SET lang = 'zh-cn' WHERE id = ?").run(demoId);
    const before = new Set(notices().map((n) => n.id));
    await tokenOn(PHONE);
    await tokenOn(PHONE_UPDATED);
    expect(notices()).toHaveLength(before.size);
    await tokenOn(IPHONE);
    const added = notices().filter((n) => !before.has(n.id));
    expect(added).toHaveLength(1);
    expect(added[0]!.title).toBe('账户在新设备上登录');
    expect(added[0]!.content).toContain('iPhone, iOS 17.5 上的 Mobile Safari 17');
    const mail = new MailRepository(t.db).messages('demo@example.com', 1)[0]!;
    expect(mail.subject).toBe('账户在新设备上登录');
    expect(mail.body).toContain('127.0.0.1');
    // A script whose agent says nothing is no device to tell about.
    expect(
      (await t.post('Login/login', { username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password })).code,
    ).toBe(1);
    expect(notices().filter((n) => !before.has(n.id))).toHaveLength(1);
    expect(
      (await t.post<{ has_unread: number }>('User/getUserInfo', {}, as(await tokenOn(IPHONE)))).data.has_unread,
    ).toBe(1);
  });
});
