import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashSecret } from '../../../domain/passwords.ts';
import { TOTP_PERIOD_S, TotpFactors, totpOf } from '../totp.ts';
import {
  as,
  createUser,
  everything,
  grant,
  login,
  startTestApp,
  type Fields,
  type TestApp,
} from '../../../__tests__/harness/index.ts';

const HOUR = 3_600_000;
const TRON = 'TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se';
const OTHER_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

interface Entry {
  type: 1 | 2;
  id: number;
  listed: 0 | 1;
  destination: string;
  usable_left_seconds: number;
}
interface Allowlist {
  on: 0 | 1;
  off_at: number | null;
  off_left_seconds: number;
  list: Entry[];
}

let t: TestApp;
afterEach(async () => t?.close());

const advance = async (ms: number) => {
  const response = await t.app.inject({ method: 'POST', url: `/__test/clock?advance_ms=${ms}` });
  expect(response.statusCode).toBe(200);
};

/** The whole app with a 24 h hold and a user with 1000 USDT, a transaction password, a bound USDT address and a card. */
async function start() {
  t = await startTestApp({ SECURITY_HOLD_HOURS: '24' });
  const now = t.app.clock.now();
  const id = createUser(t.db, { name: 'lister', password: await hashSecret('secret12'), at: now });
  grant(t.db, id, { usdt: '1000' }, now);
  const token = await login(t, 'lister@example.com', 'secret12');
  const call = <T = Allowlist>(path: string, fields: Fields = {}, lang = 'en') =>
    t.post<T>(path, fields, as(token, lang));
  expect((await call('User/resetPay', { logpassword: 'secret12', newpassword: 'pay12345' })).code).toBe(1);
  const coin = t.db.prepare("SELECT id FROM coins WHERE name = 'usdt'").pluck().get() as number;
  expect((await call('User/setUserWidthAddress', { c_id: coin, address: TRON })).code).toBe(1);
  const card = await call<{ id: number }>('User/setBank', {
    bank_name: 'Northwind Bank',
    card_name: 'Li Wei',
    card_number: '6222021234567890',
  });
  expect(card.code).toBe(1);
  const addressId = t.db.prepare('SELECT id FROM withdraw_addresses WHERE user_id = ?').pluck().get(id) as number;
  const withdraw = (fields: Fields = {}) =>
    call('User/withdraw', { c_id: coin, num: '100', paypwd: 'pay12345', address_id: addressId, ...fields });
  return { id, call, coin, addressId, cardId: card.data.id, withdraw };
}

describe('withdrawal allow-list', () => {
  it('starts off with every bound address and card unlisted; turning it on is immediate and refuses unlisted destinations', async () => {
    const u = await start();
    const list = await u.call('Security/getAllowlist');
    expect(list.data).toMatchObject({ on: 0, off_at: null, hold_hours: 24, hold: null });
    expect(list.data.list.map((e) => [e.type, e.id, e.listed, e.destination])).toEqual([
      [1, u.addressId, 0, TRON],
      [2, u.cardId, 0, '**** 7890'],
    ]);
    expect(await u.call('Security/setAllowlist', { on: 1 })).toMatchObject({
      code: 1,
      msg: 'Allow-list turned on',
      data: { on: 1 },
    });
    const before = everything(t.db);
    expect((await u.withdraw()).msg).toBe(
      'Your withdrawal allow-list is on and this address or card is not on it. Add it in Security > Withdrawal allow-list',
    );
    expect((await u.withdraw({ withdraw_type: 2, bank_id: u.cardId })).code).toBe(0);
    expect(everything(t.db)).toBe(before);
  });

  it('a listed entry is usable only after the hold, with a countdown; nothing moves before', async () => {
    const u = await start();
    await u.call('Security/setAllowlist', { on: 1 });
    const added = await u.call('Security/addAllowlistEntry', { type: 1, id: u.addressId });
    expect(added).toMatchObject({ code: 1, msg: 'Added to the allow-list' });
    const entry = added.data.list.find((e) => e.type === 1)!;
    expect(entry.listed).toBe(1);
    expect(entry.usable_left_seconds).toBeGreaterThan(24 * 3600 - 60);
    await advance(23 * HOUR);
    const before = everything(t.db);
    expect((await u.withdraw()).msg).toMatch(/^This address or card can receive withdrawals in (0 h 59|1 h 0) min$/);
    expect(everything(t.db)).toBe(before);
    // Listing it again does not restart its wait.
    await u.call('Security/addAllowlistEntry', { type: 1, id: u.addressId });
    await advance(HOUR);
    expect(await u.withdraw()).toMatchObject({ code: 1 });
    // The card was never listed.
    expect((await u.withdraw({ withdraw_type: 2, bank_id: u.cardId })).code).toBe(0);
  });

  it('removing an entry is immediate; rebinding a listed address unlists it', async () => {
    const u = await start();
    await u.call('Security/setAllowlist', { on: 1 });
    await u.call('Security/addAllowlistEntry', { type: 1, id: u.addressId });
    await advance(24 * HOUR);
    expect((await u.withdraw()).code).toBe(1);
    expect(await u.call('Security/removeAllowlistEntry', { type: 1, id: u.addressId })).toMatchObject({
      code: 1,
      msg: 'Removed from the allow-list',
    });
    expect((await u.withdraw()).code).toBe(0);

    await u.call('Security/addAllowlistEntry', { type: 1, id: u.addressId });
    await advance(24 * HOUR);
    expect((await u.withdraw()).code).toBe(1);
    await advance(3000);
    expect((await u.call('User/setUserWidthAddress', { c_id: u.coin, address: OTHER_TRON })).code).toBe(1);
    const list = await u.call('Security/getAllowlist');
    expect(list.data.list.find((e) => e.type === 1)).toMatchObject({ destination: OTHER_TRON, listed: 0 });
    expect((await u.withdraw()).msg).toMatch(/allow-list is on/);
  });

  it('turning it off waits for the hold (pending off, with its time), then withdrawals go anywhere bound', async () => {
    const u = await start();
    await u.call('Security/setAllowlist', { on: 1 });
    await advance(3000);
    const off = await u.call('Security/setAllowlist', { on: 0 });
    expect(off).toMatchObject({
      code: 1,
      msg: 'The allow-list will turn off after the security wait',
      data: { on: 1 },
    });
    expect(off.data.off_left_seconds).toBeGreaterThan(24 * 3600 - 60);
    await advance(12 * HOUR);
    // Asking again keeps the time it was given.
    const again = await u.call('Security/setAllowlist', { on: 0 });
    expect(again.data.off_at).toBe(off.data.off_at);
    expect((await u.withdraw()).code).toBe(0);
    await advance(12 * HOUR);
    expect((await u.call('Security/getAllowlist')).data).toMatchObject({ on: 0, off_at: null });
    expect((await u.withdraw()).code).toBe(1);
    expect((await u.call('Security/setAllowlist', { on: 0 })).msg).toBe('The allow-list is already off');
  });

  it('turning it on again cancels a waiting turn-off', async () => {
    const u = await start();
    await u.call('Security/setAllowlist', { on: 1 });
    await advance(3000);
    await u.call('Security/setAllowlist', { on: 0 });
    await advance(3000);
    expect((await u.call('Security/setAllowlist', { on: 1 })).data).toMatchObject({ on: 1, off_at: null });
    await advance(25 * HOUR);
    expect((await u.call('Security/getAllowlist')).data.on).toBe(1);
  });

  it('records each change as a security event, and nothing for a call that changes nothing', async () => {
    const u = await start();
    const record = vi.spyOn(t.app.apiContext.securityEvents, 'record');
    await u.call('Security/setAllowlist', { on: 1 });
    await u.call('Security/addAllowlistEntry', { type: 2, id: u.cardId });
    await u.call('Security/addAllowlistEntry', { type: 2, id: u.cardId });
    await u.call('Security/removeAllowlistEntry', { type: 2, id: u.cardId });
    await advance(3000);
    await u.call('Security/setAllowlist', { on: 0 });
    await u.call('Security/setAllowlist', { on: 0 });
    expect(record.mock.calls.map(([event]) => [event.userId, event.kind, event.detail?.change])).toEqual([
      [u.id, 'allowlist_changed', 'on'],
      [u.id, 'allowlist_changed', 'added'],
      [u.id, 'allowlist_changed', 'removed'],
      [u.id, 'allowlist_changed', 'off'],
    ]);
  });

  it("refuses another user's or an unknown address or card, and bad fields, in the caller's language", async () => {
    const u = await start();
    expect((await u.call('Security/addAllowlistEntry', { type: 1, id: 999_999 })).msg).toBe(
      'This address or bank card is not bound to your account',
    );
    expect((await u.call('Security/addAllowlistEntry', { type: 3, id: u.addressId })).msg).toBe(
      'Please choose an address or a bank card',
    );
    expect((await u.call('Security/setAllowlist', { on: 2 }, 'zh-cn')).msg).toBe('请选择开启或关闭');
    expect((await u.call('Security/removeAllowlistEntry', { type: 2, id: u.cardId })).code).toBe(0);
  });
});

describe('turning the allow-list off with a second factor on', () => {
  const STEP_MS = TOTP_PERIOD_S * 1000;

  /** The user of start() with authenticator codes on (turned on with the step before's code, so the current one is unspent). */
  async function startWithCode() {
    const u = await start();
    const factors = new TotpFactors(t.db, () => t.app.clock.now());
    const secret = factors.begin(u.id);
    expect(factors.enable(u.id, totpOf(secret).generate({ timestamp: t.app.clock.now() - STEP_MS })).outcome.ok).toBe(
      true,
    );
    const code = () => totpOf(secret).generate({ timestamp: t.app.clock.now() });
    const approval = async (fields: Fields) => {
      const answer = await u.call<{ approval_id: number }>('Security/approvalStart', fields);
      expect(answer.code, answer.msg).toBe(1);
      return answer.data.approval_id;
    };
    expect((await u.call('Security/setAllowlist', { on: 1 })).code).toBe(1);
    return { ...u, code, approval };
  }

  it('asks for an approval of allowlist_off; one of another operation or a wrong code changes nothing', async () => {
    const u = await startWithCode();
    const record = vi.spyOn(t.app.apiContext.securityEvents, 'record');
    expect((await u.call('Security/setAllowlist', { on: 0 })).msg).toBe('Please confirm with your second step');
    const ofRemoval = await u.approval({ operation: 'factor_remove', target: 'passkey:1' });
    expect((await u.call('Security/setAllowlist', { on: 0, approval_id: ofRemoval, otp_code: u.code() })).msg).toBe(
      'This confirmation was for another operation, please confirm again',
    );
    const approval_id = await u.approval({ operation: 'allowlist_off' });
    const wrong = u.code() === '000000' ? '111111' : '000000';
    expect((await u.call('Security/setAllowlist', { on: 0, approval_id, otp_code: wrong })).msg).toBe(
      'The authenticator code is wrong (4 attempts left)',
    );
    expect(record).not.toHaveBeenCalled();
    expect((await u.call('Security/getAllowlist')).data).toMatchObject({ on: 1, off_at: null });
  });

  it('turns it off (after the hold) with the right code, and the approval is used once', async () => {
    const u = await startWithCode();
    // The app sends the operation with an empty target or none: one approval either way.
    const approval_id = await u.approval({ operation: 'allowlist_off', target: '' });
    const off = await u.call('Security/setAllowlist', { on: 0, approval_id, otp_code: u.code() });
    expect(off).toMatchObject({ code: 1, data: { on: 1, off_left_seconds: 24 * 3600 } });
    // Turning it on again (no second step) cancels the wait; the same approval cannot turn it off twice.
    await advance(STEP_MS);
    expect((await u.call('Security/setAllowlist', { on: 1 })).data).toMatchObject({ on: 1, off_at: null });
    expect((await u.call('Security/setAllowlist', { on: 0, approval_id, otp_code: u.code() })).msg).toBe(
      'This confirmation was already used, please confirm again',
    );
    expect((await u.call('Security/getAllowlist')).data).toMatchObject({ on: 1, off_at: null });
  });
});
