import { afterEach, describe, expect, it } from 'vitest';
import { hashSecret } from '../../../domain/passwords.ts';
import {
  as,
  createUser,
  everything,
  expectBillsMatchBalances,
  grant,
  login,
  startTestApp,
  type TestApp,
} from '../../../__tests__/harness/index.ts';
import type { SecurityEventKind } from '../events.ts';
import { securityHoldOf } from '../holds.ts';

const HOUR = 3_600_000;
const TRON = 'TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se';

let t: TestApp;
afterEach(async () => t?.close());

/** The whole app (demo-seeded: the USDT withdrawal rule and transfer terms) with SECURITY_HOLD_HOURS `hours`. */
async function start(hours: string) {
  t = await startTestApp({ SECURITY_HOLD_HOURS: hours });
  return t;
}
const now = () => t.app.clock.now();
/** When the user's hold was last set (the server's clock runs on between two reads). */
const startedAt = (userId: number) =>
  t.db.prepare('SELECT started_at FROM security_holds WHERE user_id = ?').pluck().get(userId) as number;
const advance = async (ms: number) => {
  const response = await t.app.inject({ method: 'POST', url: `/__test/clock?advance_ms=${ms}` });
  expect(response.statusCode).toBe(200);
};

/** A user with 1000 USDT, a login password, a first transaction password and a bound USDT address. */
async function fundedUser(name: string) {
  const id = createUser(t.db, { name, password: await hashSecret('secret12'), at: now() });
  grant(t.db, id, { usdt: '1000' }, now());
  const token = await login(t, `${name}@example.com`, 'secret12');
  expect((await t.post('User/resetPay', { logpassword: 'secret12', newpassword: 'pay12345' }, as(token))).code).toBe(1);
  const coin = t.db.prepare("SELECT id FROM coins WHERE name = 'usdt'").pluck().get() as number;
  expect((await t.post('User/setUserWidthAddress', { c_id: coin, address: TRON }, as(token))).code).toBe(1);
  const addressId = t.db.prepare('SELECT id FROM withdraw_addresses WHERE user_id = ?').pluck().get(id) as number;
  return { id, token, coin, addressId };
}

const withdraw = (user: Awaited<ReturnType<typeof fundedUser>>) =>
  t.post(
    'User/withdraw',
    { c_id: user.coin, num: '100', paypwd: 'pay12345', address_id: user.addressId },
    as(user.token),
  );
const transfer = (from: Awaited<ReturnType<typeof fundedUser>>, toId: number) =>
  t.post('Balance/transfer', { to_uid: toId, c_id: from.coin, amount: '10', paypassword: 'pay12345' }, as(from.token));

describe('security holds', () => {
  it.each<SecurityEventKind>(['login_password_changed', 'pay_password_changed', 'factor_added', 'factor_removed'])(
    '%s holds withdrawals for SECURITY_HOLD_HOURS from the event, and no longer',
    async (kind) => {
      await start('24');
      const user = await fundedUser('held');
      await advance(HOUR);
      const before = now();
      t.app.apiContext.securityEvents.record({ userId: user.id, kind });
      const at = startedAt(user.id);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(now());
      expect(securityHoldOf(t.db, user.id, at)).toEqual({ until: at + 24 * HOUR, reason: kind });
      expect(securityHoldOf(t.db, user.id, at + 24 * HOUR - 1)).not.toBeNull();
      expect(securityHoldOf(t.db, user.id, at + 24 * HOUR)).toBeNull();
    },
  );

  it('other events hold nothing; a later change extends a hold, an earlier end never shortens it', async () => {
    await start('24');
    const user = await fundedUser('kinds');
    for (const kind of [
      'new_device_sign_in',
      'allowlist_changed',
      'withdraw_address_added',
      'bank_card_added',
    ] as const)
      t.app.apiContext.securityEvents.record({ userId: user.id, kind });
    expect(securityHoldOf(t.db, user.id, now())).toBeNull();
    t.app.apiContext.securityEvents.record({ userId: user.id, kind: 'factor_added' });
    const first = startedAt(user.id);
    await advance(5 * HOUR);
    t.app.apiContext.securityEvents.record({ userId: user.id, kind: 'factor_removed' });
    const second = startedAt(user.id);
    expect(second).toBeGreaterThanOrEqual(first + 5 * HOUR);
    expect(securityHoldOf(t.db, user.id, now())).toEqual({ until: second + 24 * HOUR, reason: 'factor_removed' });
    // A hold that would end sooner than the one under way leaves it as it is.
    t.db.prepare('UPDATE security_holds SET until = until + ? WHERE user_id = ?').run(HOUR, user.id);
    t.app.apiContext.securityEvents.record({ userId: user.id, kind: 'factor_added' });
    expect(securityHoldOf(t.db, user.id, now())).toEqual({ until: second + 25 * HOUR, reason: 'factor_removed' });
  });

  it('SECURITY_HOLD_HOURS 0 holds nothing', async () => {
    await start('0');
    const user = await fundedUser('unheld');
    t.app.apiContext.securityEvents.record({ userId: user.id, kind: 'login_password_changed' });
    expect(securityHoldOf(t.db, user.id, now())).toBeNull();
    expect((await withdraw(user)).code).toBe(1);
  });

  it('a replaced transaction password holds withdrawals and transfers, naming the time left; nothing moves until it ends', async () => {
    await start('24');
    const user = await fundedUser('changer');
    const friend = await fundedUser('friend');
    // The first transaction password (set in fundedUser) held nothing.
    expect(await t.post('Security/getSecurityHold', {}, as(user.token))).toMatchObject({
      code: 1,
      data: { hold: null },
    });
    expect(
      (await t.post('User/resetPay', { logpassword: 'secret12', newpassword: 'pay12345' }, as(user.token))).code,
    ).toBe(1);
    await advance(90 * 60_000);
    expect(await t.post('Security/getSecurityHold', {}, as(user.token))).toMatchObject({
      code: 1,
      data: { hold: { reason: 'pay_password_changed' } },
    });
    const { left_seconds } = (
      await t.post<{ hold: { left_seconds: number } }>('Security/getSecurityHold', {}, as(user.token))
    ).data.hold;
    expect(left_seconds).toBeLessThanOrEqual(22.5 * 3600);
    expect(left_seconds).toBeGreaterThan(22.5 * 3600 - 60);
    const before = everything(t.db);
    expect(await withdraw(user)).toMatchObject({
      code: 0,
      msg: 'Withdrawals and transfers are paused for 22 h 30 min because your transaction password was changed',
    });
    expect(await transfer(user, friend.id)).toMatchObject({
      code: 0,
      msg: 'Withdrawals and transfers are paused for 22 h 30 min because your transaction password was changed',
    });
    const zh = await t.post(
      'Balance/transfer',
      { to_uid: friend.id, c_id: user.coin, amount: '10' },
      as(user.token, 'zh-cn'),
    );
    expect(zh.msg).toBe('您的交易密码已修改，提现和转账暂停 22 小时 30 分钟');
    expect(everything(t.db)).toBe(before);

    await advance(22.5 * HOUR);
    expect(await withdraw(user)).toMatchObject({ code: 1 });
    expect(await transfer(user, friend.id)).toMatchObject({ code: 1 });
    expectBillsMatchBalances(t.db);
  });

  it('a changed login password holds withdrawals (after signing in again)', async () => {
    await start('24');
    const user = await fundedUser('relogin');
    expect(
      (await t.post('User/resetpwd', { oldpassword: 'secret12', newpassword: 'secret34' }, as(user.token))).code,
    ).toBe(1);
    const token = await login(t, 'relogin@example.com', 'secret34');
    expect((await withdraw({ ...user, token })).msg).toBe(
      'Withdrawals and transfers are paused for 24 h 0 min because your login password was changed',
    );
  });
});
