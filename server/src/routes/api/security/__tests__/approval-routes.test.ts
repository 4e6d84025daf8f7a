import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_PERIOD_S, TotpFactors, totpOf } from '../../../../domain/security/totp.ts';
import { registerByPhone, rowCount, startTestApp, type TestApp } from '../../../../__tests__/harness/index.ts';

const TRON = 'TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se';
const OTHER_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const STEP_MS = TOTP_PERIOD_S * 1000;

/** Security changes of an account with authenticator codes on: each asks an approval of exactly that change. */
describe('the second step of addresses, cards and passwords', () => {
  let t: TestApp;
  let auth: { Token: string };
  let secret: string;
  let usdt: number;

  const serverNow = async () =>
    (await t.app.inject({ method: 'GET', url: '/__test/clock' })).json<{ now: number }>().now;
  /** The code the app shows now; once one is accepted the next is of the next step, so the clock moves on. */
  const nextCode = async () => {
    await t.app.inject({ method: 'POST', url: `/__test/clock?advance_ms=${STEP_MS}` });
    return totpOf(secret).generate({ timestamp: await serverNow() });
  };
  const start = async (fields: Record<string, string | number>) => {
    const answer = await t.post<{ approval_id: number }>('Security/approvalStart', fields, auth);
    expect(answer.code, answer.msg).toBe(1);
    return answer.data.approval_id;
  };

  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: '0' });
    auth = await registerByPhone(t);
    const info = await t.post<{ id: number; factors: unknown }>('User/getUserInfo', {}, auth);
    expect(info.data.factors).toEqual({ totp: 0, passkeys: 0 });
    const now = await serverNow();
    const factors = new TotpFactors(t.db, () => now);
    secret = factors.begin(info.data.id);
    expect(factors.enable(info.data.id, totpOf(secret).generate({ timestamp: now - STEP_MS })).outcome.ok).toBe(true);
    expect((await t.post<{ factors: unknown }>('User/getUserInfo', {}, auth)).data.factors).toEqual({
      totp: 1,
      passkeys: 0,
    });
    usdt = t.db.prepare("SELECT id FROM coins WHERE name = 'usdt'").pluck().get() as number;
    t.db.prepare("UPDATE coins SET withdraw_network = 'TRC20' WHERE id = ?").run(usdt);
  });
  afterAll(async () => t.close());

  it('binds the address the approval names, and no other', async () => {
    const bind = (address: string, extra: Record<string, string | number> = {}) =>
      t.post('User/setUserWidthAddress', { c_id: usdt, address, ...extra }, auth);
    expect((await bind(TRON)).msg).toBe('Please confirm with your second step');
    const approval_id = await start({ operation: 'withdraw_address', c_id: usdt, address: TRON });
    const code = await nextCode();
    expect((await bind(OTHER_TRON, { approval_id, otp_code: code })).msg).toBe(
      'The details changed after you confirmed, please confirm again',
    );
    expect(rowCount(t.db, 'withdraw_addresses')).toBe(0);
    expect((await bind(TRON, { approval_id, otp_code: code })).code).toBe(1);
    expect(t.db.prepare('SELECT address FROM withdraw_addresses').pluck().all()).toEqual([TRON]);
  });

  it('saves the card the approval names: the number read as the server reads it, spaces aside', async () => {
    const card = { bank_name: 'Northwind Bank', card_name: 'Li Wei' };
    const approval_id = await start({ operation: 'bank_card', ...card, card_number: '6222 0212 3456 7890' });
    const saved = await t.post(
      'User/setBank',
      { ...card, card_number: '6222021234567890', approval_id, otp_code: await nextCode() },
      auth,
    );
    expect(saved.code, saved.msg).toBe(1);
    expect(rowCount(t.db, 'bank_cards')).toBe(1);
  });

  it('changes a password only with an approval of that change', async () => {
    const ofPay = await start({ operation: 'pay_password' });
    const code = await nextCode();
    const change = (extra: Record<string, string | number>) =>
      t.post('User/resetpwd', { oldpassword: 'secret12', newpassword: 'secret34', ...extra }, auth);
    expect((await change({ approval_id: ofPay, otp_code: code })).msg).toBe(
      'This confirmation was for another operation, please confirm again',
    );
    const ofLogin = await start({ operation: 'login_password' });
    expect((await change({ approval_id: ofLogin, otp_code: code })).code).toBe(1);
    // The change ends every session, this one's too.
    expect((await t.post('User/getUserInfo', {}, auth)).code).not.toBe(1);
  });
});
