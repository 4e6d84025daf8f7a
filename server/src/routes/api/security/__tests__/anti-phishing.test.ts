import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MailRepository } from '../../../../db/repositories/mail-repository.ts';
import { NoticeRepository } from '../../../../db/repositories/notice-repository.ts';
import { DEMO_ACCOUNT } from '../../../../db/seed.ts';
import { ManualClock } from '../../../../feed/clock.ts';
import { as, login, registerByPhone, startTestApp, type TestApp } from '../../../../__tests__/harness/index.ts';

const DEMO_EMAIL = 'demo@example.com';

describe('anti-phishing code and security notices', () => {
  let t: TestApp;
  let token: string;
  let demoId: number;
  beforeEach(async () => {
    t = await startTestApp({}, { clock: new ManualClock(Date.UTC(2026, 0, 5, 8)) });
    token = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    demoId = t.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(DEMO_ACCOUNT.username) as number;
  });
  afterEach(async () => t.close());

  const setCode = (code: string, password: string = DEMO_ACCOUNT.password, lang?: string) =>
    t.post<{ anti_phishing_code: string }>('Security/setAntiPhishingCode', { code, password }, as(token, lang));
  const lastMail = () => new MailRepository(t.db).messages(DEMO_EMAIL, 1)[0]!;
  const stored = () => t.db.prepare('SELECT anti_phishing_code FROM users WHERE id = ?').pluck().get(demoId);

  it('takes 4 to 20 letters or digits with the login password, and refuses anything else with a clear message', async () => {
    for (const bad of ['abc', 'a'.repeat(21), 'ab c1', 'abc!1', 'абвг'])
      expect(await setCode(bad)).toMatchObject({
        code: 0,
        msg: 'The anti-phishing code must be 4 to 20 letters or digits',
      });
    expect((await setCode('abc', DEMO_ACCOUNT.password, 'zh-cn')).msg).toBe('防钓鱼码须为 4 至 20 位字母或数字');
    expect(await setCode('')).toMatchObject({ code: 0, msg: 'Please enter an anti-phishing code' });
    expect(await setCode('Tiger42', 'wrong99')).toMatchObject({ code: 0, msg: 'The login password is wrong' });
    expect(stored()).toBeNull();
    expect(await setCode('Tiger42')).toMatchObject({
      code: 1,
      msg: 'Anti-phishing code saved',
      data: { anti_phishing_code: 'T*****2' },
    });
    expect(stored()).toBe('Tiger42');
    expect(await t.post('Security/getSessionSummary', {}, as(token))).toMatchObject({
      data: { sessions: 1, anti_phishing_code: 'T*****2' },
    });
  });

  it('every mail to the user carries the code in its subject and as the first line, in their language', async () => {
    expect((await setCode('Tiger42')).code).toBe(1);
    t.db.prepare("UPDATE users SET lang = 'de' WHERE id = ?").run(demoId);
    // A verification code mail goes through the same outbox.
    expect((await t.post('Ems/send', { email: DEMO_EMAIL })).code).toBe(1);
    const codeMail = lastMail();
    expect(codeMail.subject).toMatch(/^\[Tiger42\] /);
    expect(codeMail.body.split('\n')[0]).toBe('Ihr Anti-Phishing-Code: Tiger42');
    // Setting the first transaction password tells no one (nothing was replaced); replacing it does.
    const setPay = (newpassword: string) =>
      t.post('User/resetPay', { logpassword: DEMO_ACCOUNT.password, newpassword }, as(token));
    expect((await setPay('pay123')).code).toBe(1);
    expect((await setPay('pay456')).code).toBe(1);
    const notice = lastMail();
    expect(notice.subject).toBe('[Tiger42] Transaktionspasswort geändert');
    expect(notice.body.split('\n')[0]).toBe('Ihr Anti-Phishing-Code: Tiger42');
    // Another address gets no code.
    expect((await t.post('Ems/send', { email: 'someone@example.com' })).code).toBe(1);
    expect(new MailRepository(t.db).messages('someone@example.com', 1)[0]!.subject).not.toContain('Tiger42');
  });

  it('a password change leaves a notice and a mail', async () => {
    const before = new Set(new NoticeRepository(t.db).page(demoId, 1, 50).list.map((n) => n.id));
    expect(
      (await t.post('User/resetpwd', { oldpassword: DEMO_ACCOUNT.password, newpassword: 'newpass1' }, as(token))).code,
    ).toBe(1);
    const added = new NoticeRepository(t.db).page(demoId, 1, 50).list.filter((n) => !before.has(n.id));
    expect(added.map((n) => n.title)).toEqual(['Login password changed']);
    expect(added[0]!.content).toContain('2026-01-05 08:00:00');
    expect(lastMail().subject).toBe('Login password changed');
  });

  it('binding a withdrawal address or a bank card leaves a notice naming it; a refused one leaves none', async () => {
    const auth = await registerByPhone(t);
    const userId = t.db.prepare('SELECT user_id FROM sessions ORDER BY id DESC LIMIT 1').pluck().get() as number;
    // The user's own notices (broadcasts aside).
    const titles = () =>
      t.db.prepare('SELECT title, content FROM notices WHERE user_id = ? ORDER BY id').all(userId) as {
        title: string;
        content: string;
      }[];
    const usdt = t.db.prepare("SELECT id FROM coins WHERE name = 'usdt'").pluck().get() as number;
    expect((await t.post('User/setUserWidthAddress', { c_id: usdt, address: 'T123' }, auth)).code).toBe(0);
    expect(titles()).toEqual([]);
    const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    expect((await t.post('User/setUserWidthAddress', { c_id: usdt, address }, auth)).code).toBe(1);
    expect(titles().map((n) => n.title)).toEqual(['Withdrawal address bound']);
    expect(titles()[0]!.content).toContain(address);
    const card = { bank_name: 'Northwind Bank', card_name: 'Li Wei', card_number: '6222 0212 3456 7890' };
    expect((await t.post('User/setBank', card, auth)).code).toBe(1);
    const bank = titles().find((n) => n.title === 'Bank card bound');
    expect(bank?.content).toContain('ending in 7890');
  });
});
