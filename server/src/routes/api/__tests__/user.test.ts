import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../../../../common/protocol.ts';
import { NoticeRepository } from '../../../db/repositories/notice-repository.ts';
import { DEMO_ACCOUNT, DEMO_INVITE_CODE } from '../../../db/seed.ts';
import { login, registerByEmail, startTestApp, type TestApp, type UserInfo } from '../../../__tests__/harness/index.ts';

type NoticePage = { list: Notice[]; total: number };

describe('api/User', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await startTestApp();
    token = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
  });
  afterEach(async () => t.close());

  const auth = () => ({ Token: token });

  it('getUserInfo answers the user fields of docs/product-rules.md#calls-and-answers', async () => {
    const answer = await t.post<UserInfo>('User/getUserInfo', {}, auth());
    expect(answer.code).toBe(1);
    expect(answer.data).toEqual({
      username: 'demo',
      id: expect.any(Number) as number,
      vip: 1,
      credit_score: 100,
      rzstatus: 0,
      have_pay: 0,
      has_unread: 1,
      invit: DEMO_INVITE_CODE,
      rz_reason: '',
      factors: { totp: 0, passkeys: 0 },
    });
    expect(answer.data.id).toBeGreaterThan(100000);
  });

  it('getNoticeList: the shell variant answers the newest notice without marking it read', async () => {
    const shell = await t.post<NoticePage>('User/getNoticeList', { page: 1, limit: 1 }, auth());
    expect(shell.code).toBe(1);
    expect(shell.data.total).toBe(3);
    expect(shell.data.list).toHaveLength(1);
    expect(shell.data.list[0]).toMatchObject({ title: 'Security reminder', status: 1 });
    expect(shell.data.list[0]!.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(shell.data.list[0]!.content).toContain('onerror=');
    const again = await t.post<NoticePage>('User/getNoticeList', { page: 1, limit: 1 }, auth());
    expect(again.data.list[0]!.status).toBe(1);
  });

  it('getNoticeList: the list variant pages newest first with limit 10', async () => {
    const notices = new NoticeRepository(t.db);
    const start = Date.now() - 1000;
    for (let i = 0; i < 12; i++)
      notices.add({ userId: null, title: `Extra ${i}`, content: `<p>${i}</p>`, createdAt: start + i });
    const first = await t.post<NoticePage>('User/getNoticeList', { page: 1, limit: 10 }, auth());
    expect(first.data.total).toBe(15);
    expect(first.data.list.map((n) => n.title).slice(0, 3)).toEqual(['Extra 11', 'Extra 10', 'Extra 9']);
    const times = first.data.list.map((n) => n.addtime);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await t.post<NoticePage>('User/getNoticeList', { page: 2, limit: 10 }, auth());
    expect(second.data.list).toHaveLength(5);
    expect(second.data.list.at(-1)!.title).toBe('Welcome to TradeDesk');
    const ids = new Set([...first.data.list, ...second.data.list].map((n) => n.id));
    expect(ids.size).toBe(15);
  });

  it('getNoticeList: the single variant answers that notice and marks it read for this user only', async () => {
    const newest = (await t.post<NoticePage>('User/getNoticeList', { page: 1, limit: 10 }, auth())).data.list;
    const broadcast = newest.find((n) => n.title === 'Scheduled maintenance')!;
    const single = await t.post<NoticePage>('User/getNoticeList', { id: broadcast.id, page: 1, limit: 1 }, auth());
    expect(single.data).toEqual({ list: [{ ...broadcast, status: 2 }], total: 1 });
    const after = (await t.post<NoticePage>('User/getNoticeList', { page: 1, limit: 10 }, auth())).data.list;
    expect(after.find((n) => n.id === broadcast.id)!.status).toBe(2);
    expect(after.filter((n) => n.status === 1)).toHaveLength(2);

    const other = await registerByEmail(t, 'reader@example.com');
    const theirs = (await t.post<NoticePage>('User/getNoticeList', { page: 1, limit: 10 }, { Token: other })).data;
    expect(theirs.total).toBe(2);
    expect(theirs.list.every((n) => n.status === 1)).toBe(true);
    expect(theirs.list.some((n) => n.title === 'Security reminder')).toBe(false);
  });

  it('getNoticeList: has_unread clears once every notice is read', async () => {
    const list = (await t.post<NoticePage>('User/getNoticeList', { page: 1, limit: 10 }, auth())).data.list;
    for (const notice of list) await t.post('User/getNoticeList', { id: notice.id, page: 1, limit: 1 }, auth());
    expect((await t.post<UserInfo>('User/getUserInfo', {}, auth())).data.has_unread).toBe(0);
  });

  it('getNoticeList: refuses bad paging and unknown or foreign ids', async () => {
    for (const fields of [
      { page: 0, limit: 10 },
      { page: 1, limit: 0 },
      { page: 1, limit: 51 },
      { page: 'x', limit: 10 },
      { page: 1.5, limit: 10 },
    ]) {
      expect(await t.post('User/getNoticeList', fields, auth())).toMatchObject({
        code: 0,
        msg: 'Page and limit must be whole numbers (limit 1-50)',
      });
    }
    expect(await t.post('User/getNoticeList', { id: 99999, page: 1, limit: 1 }, auth())).toMatchObject({
      code: 0,
      msg: 'This notice does not exist',
    });
    expect(await t.post('User/getNoticeList', { id: 'abc', page: 1, limit: 1 }, auth())).toMatchObject({
      code: 0,
      msg: 'This notice does not exist',
    });
    const other = await registerByEmail(t, 'foreign@example.com');
    const demoOnly = t.db.prepare("SELECT id FROM notices WHERE title = 'Security reminder'").pluck().get() as number;
    expect(await t.post('User/getNoticeList', { id: demoOnly, page: 1, limit: 1 }, { Token: other })).toMatchObject({
      code: 0,
    });
    expect(t.db.prepare('SELECT COUNT(*) FROM notice_reads').pluck().get()).toBe(0);
    expect((await t.post('User/getNoticeList', { page: 1, limit: 1 })).code).toBe(401);
  });

  it('resetpwd checks the rules, changes the password and revokes every session', async () => {
    const second = await login(t, 'demo', 'demo1234');
    expect(await t.post('User/resetpwd', { newpassword: 'newpass1' }, auth())).toMatchObject({
      code: 0,
      msg: 'Please enter your current password',
    });
    expect(await t.post('User/resetpwd', { oldpassword: 'demo1234', newpassword: 'short' }, auth())).toMatchObject({
      code: 0,
      msg: 'Password must be 6-20 letters or numbers',
    });
    expect(await t.post('User/resetpwd', { oldpassword: 'wrong123', newpassword: 'newpass1' }, auth())).toMatchObject({
      code: 0,
      msg: 'The current password is wrong',
    });
    expect((await t.post('User/getUserInfo', {}, auth())).code).toBe(1);

    expect(await t.post('User/resetpwd', { oldpassword: 'demo1234', newpassword: 'newpass1' }, auth())).toMatchObject({
      code: 1,
      msg: 'Password changed, please log in again',
    });
    expect((await t.post('User/getUserInfo', {}, auth())).code).toBe(401);
    expect((await t.post('User/getUserInfo', {}, { Token: second })).code).toBe(401);
    expect((await t.post('Login/login', { username: 'demo', password: 'demo1234' })).code).toBe(0);
    expect(await login(t, 'demo', 'newpass1')).toHaveLength(43);
  });

  it('resetPay checks the login password and the rule, then sets have_pay 1', async () => {
    expect(await t.post('User/resetPay', { newpassword: '123456' }, auth())).toMatchObject({
      code: 0,
      msg: 'Please enter your login password',
    });
    expect(await t.post('User/resetPay', { logpassword: 'demo1234', newpassword: '12345' }, auth())).toMatchObject({
      code: 0,
      msg: 'Password must be 6-20 letters or numbers',
    });
    expect(await t.post('User/resetPay', { logpassword: 'wrong123', newpassword: '123456' }, auth())).toMatchObject({
      code: 0,
      msg: 'The login password is wrong',
    });
    expect((await t.post<UserInfo>('User/getUserInfo', {}, auth())).data.have_pay).toBe(0);

    expect(await t.post('User/resetPay', { logpassword: 'demo1234', newpassword: '123456' }, auth())).toMatchObject({
      code: 1,
      msg: 'Transaction password saved',
    });
    expect((await t.post<UserInfo>('User/getUserInfo', {}, auth())).data.have_pay).toBe(1);
    const row = t.db
      .prepare("SELECT pay_password_hash, password_hash FROM users WHERE username = 'demo'")
      .get() as Record<string, string>;
    expect(row.pay_password_hash).not.toBe('123456');
    expect(row.pay_password_hash).not.toBe(row.password_hash);
    expect((await t.post('User/getUserInfo', {}, auth())).code).toBe(1);
  });

  it('every User call needs a token', async () => {
    for (const path of ['User/getUserInfo', 'User/getNoticeList', 'User/resetpwd', 'User/resetPay']) {
      expect((await t.post(path)).code, path).toBe(401);
    }
  });
});
