import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_TTL_MS } from '../../../../domain/security/approvals.ts';
import { TOTP_PERIOD_S, TotpFactors, totpOf } from '../../../../domain/security/totp.ts';
import {
  expectBillsMatchBalances,
  rowCount,
  SoftAuthenticator,
  type CeremonyOptions,
} from '../../../../__tests__/harness/index.ts';
import { PAY_PASSWORD, startWalletHarness, type WalletHarness } from './wallet-harness.ts';

const TRON = 'TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se';
const OTHER_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const STEP_MS = TOTP_PERIOD_S * 1000;

interface Started {
  approval_id: number;
  challenge: string;
  expires_at: number;
  methods: string[];
}

/** What a refused withdrawal must leave as it was: the user's balance, the bill rows and the withdrawal records. */
function moneyStateOf(h: WalletHarness, userId: number): string {
  return JSON.stringify(
    { balance: h.balance(userId, 'usdt'), bills: rowCount(h.db, 'bills'), withdrawals: rowCount(h.db, 'withdrawals') },
    (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
  );
}

/** Withdrawals with a second factor on: an approval of exactly one withdrawal, used once, within 5 minutes. */
describe('a withdrawal approved by a second step', () => {
  let h: WalletHarness;
  let factors: TotpFactors;
  let user: { id: number; token: string; addressId: number; secret: string };
  beforeAll(async () => {
    h = await startWalletHarness();
    factors = new TotpFactors(h.db, () => h.clock.now());
  });
  afterAll(async () => h.close());

  let users = 0;
  beforeEach(async () => {
    users += 1;
    const added = await h.addUser(`guarded${users}`, { usdt: '1000' });
    const addressId = h.bindAddress(added.id, 'usdt', TRON);
    // Turned on with the code of the step before, so the current step's code is still unspent.
    const secret = factors.begin(added.id);
    expect(factors.enable(added.id, totpOf(secret).generate({ timestamp: h.clock.now() - STEP_MS })).outcome).toEqual({
      ok: true,
    });
    user = { ...added, addressId, secret };
  });

  /** The code the authenticator app shows now; after one is used, the next step's is needed. */
  const codeNow = () => totpOf(user.secret).generate({ timestamp: h.clock.now() });
  const nextStep = () => h.clock.advance(STEP_MS);
  const withdrawal = (num = '100') => ({ c_id: h.coinId('usdt'), num, withdraw_type: 1, address_id: user.addressId });
  const start = async (fields: Record<string, string | number>) => {
    const answer = await h.post<Started>('Security/approvalStart', fields, user.token);
    expect(answer.code, answer.msg).toBe(1);
    return answer.data;
  };
  const withdraw = (fields: Record<string, string | number>) =>
    h.post<{ id: number }>('User/withdraw', { paypwd: PAY_PASSWORD, ...fields }, user.token);
  const moneyState = () => moneyStateOf(h, user.id);

  it('answers an approval of 5 minutes with a passkey challenge and the methods the user has', async () => {
    const started = await start({ operation: 'withdraw', ...withdrawal() });
    expect(started.methods).toEqual(['totp']);
    expect(started.expires_at).toBe(h.clock.now() + APPROVAL_TTL_MS);
    expect(started.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await start({ operation: 'withdraw', ...withdrawal() })).challenge).not.toBe(started.challenge);
  });

  it('is accepted once, for the amount however it is typed; the same approval with the next right code is refused', async () => {
    const { approval_id } = await start({ operation: 'withdraw', ...withdrawal('100.50') });
    const sent = await withdraw({ ...withdrawal('100.5'), approval_id, otp_code: codeNow() });
    expect(sent.code, sent.msg).toBe(1);
    expect(h.balance(user.id, 'usdt').available).toBe(899_50000000n);
    const before = moneyState();
    nextStep();
    const again = await withdraw({ ...withdrawal('100.50'), approval_id, otp_code: codeNow() });
    expect(again).toMatchObject({ code: 0, msg: 'This confirmation was already used, please confirm again' });
    expect(moneyState()).toBe(before);
    expectBillsMatchBalances(h.db);
  });

  it('refuses another amount with a right code, moves nothing and spends no code', async () => {
    const { approval_id } = await start({ operation: 'withdraw', ...withdrawal('100') });
    const before = moneyState();
    const code = codeNow();
    const other = await withdraw({ ...withdrawal('101'), approval_id, otp_code: code });
    expect(other).toMatchObject({ code: 0, msg: 'The details changed after you confirmed, please confirm again' });
    expect(moneyState()).toBe(before);
    // The code was not spent on the refused call: the withdrawal that was approved still goes with it.
    expect((await withdraw({ ...withdrawal('100'), approval_id, otp_code: code })).code).toBe(1);
  });

  it('refuses the approval after the bound address was replaced, and for a card instead of the address', async () => {
    const { approval_id } = await start({ operation: 'withdraw', ...withdrawal('100') });
    const cardId = h.bindCard(user.id, { bankName: 'Test Bank', cardNumber: '6222000011112222', cardName: 'Li Wei' });
    const before = moneyState();
    const toCard = await withdraw({
      ...withdrawal('100'),
      withdraw_type: 2,
      bank_id: cardId,
      approval_id,
      otp_code: codeNow(),
    });
    expect(toCard.msg).toBe('The details changed after you confirmed, please confirm again');
    h.bindAddress(user.id, 'usdt', OTHER_TRON);
    const replaced = await withdraw({ ...withdrawal('100'), approval_id, otp_code: codeNow() });
    expect(replaced.msg).toBe('The details changed after you confirmed, please confirm again');
    expect(moneyState()).toBe(before);
  });

  it("refuses an approval of another operation and another user's approval", async () => {
    const { approval_id: ofAddress } = await start({
      operation: 'withdraw_address',
      c_id: h.coinId('usdt'),
      address: TRON,
    });
    const before = moneyState();
    const other = await withdraw({ ...withdrawal('100'), approval_id: ofAddress, otp_code: codeNow() });
    expect(other.msg).toBe('This confirmation was for another operation, please confirm again');
    expect(moneyState()).toBe(before);
    const { approval_id: mine } = await start({ operation: 'withdraw', ...withdrawal('100') });
    // Funding the other user writes bill rows of its own: what must not change is counted after it.
    const someone = await h.addUser(`someone${users}`, { usdt: '1000' });
    const theirs = h.bindAddress(someone.id, 'usdt', TRON);
    const theirSecret = factors.begin(someone.id);
    factors.enable(someone.id, totpOf(theirSecret).generate({ timestamp: h.clock.now() - STEP_MS }));
    const beforeTheirs = moneyState();
    const stolen = await h.post(
      'User/withdraw',
      {
        ...withdrawal('100'),
        address_id: theirs,
        paypwd: PAY_PASSWORD,
        approval_id: mine,
        otp_code: totpOf(theirSecret).generate({ timestamp: h.clock.now() }),
      },
      someone.token,
    );
    expect(stolen.msg).toBe('This confirmation is unknown, please confirm again');
    expect(moneyState()).toBe(beforeTheirs);
    expect(h.balance(someone.id, 'usdt').available).toBe(1000_00000000n);
  });

  it('refuses an approval after its 5 minutes and moves nothing', async () => {
    const { approval_id } = await start({ operation: 'withdraw', ...withdrawal('100') });
    h.clock.advance(APPROVAL_TTL_MS - 1);
    const before = moneyState();
    // A code of the new time, as the app shows it then.
    const late = await withdraw({ ...withdrawal('100'), approval_id, otp_code: codeNow() });
    expect(late.code, late.msg).toBe(1);
    const { approval_id: second } = await start({ operation: 'withdraw', ...withdrawal('100') });
    h.clock.advance(APPROVAL_TTL_MS);
    const afterLate = moneyState();
    const expired = await withdraw({ ...withdrawal('100'), approval_id: second, otp_code: codeNow() });
    expect(expired.msg).toBe('This confirmation has expired, please confirm again');
    expect(moneyState()).toBe(afterLate);
    expect(afterLate).not.toBe(before);
  });

  it('refuses a wrong code, no code and no approval, and moves nothing', async () => {
    const { approval_id } = await start({ operation: 'withdraw', ...withdrawal('100') });
    const before = moneyState();
    const right = codeNow();
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await withdraw({ ...withdrawal('100'), approval_id, otp_code: wrong })).msg).toBe(
      'The authenticator code is wrong (4 attempts left)',
    );
    expect((await withdraw({ ...withdrawal('100'), approval_id })).msg).toBe(
      'Please enter the code from your authenticator app, a recovery code or use your passkey',
    );
    expect((await withdraw({ ...withdrawal('100'), otp_code: right })).msg).toBe(
      'Please confirm with your second step',
    );
    expect((await withdraw({ ...withdrawal('100'), approval_id, passkey_response: '{}' })).msg).toBe(
      'The passkey was not accepted, please try again',
    );
    expect(moneyState()).toBe(before);
    expect((await withdraw({ ...withdrawal('100'), approval_id, otp_code: right })).code).toBe(1);
  });
});

describe('two_factor_required', () => {
  let h: WalletHarness;
  beforeAll(async () => {
    h = await startWalletHarness();
  });
  afterAll(async () => {
    h.setSite({ two_factor_required: 0 });
    await h.close();
  });

  it('refuses withdrawals of an account without a second factor while it is 1; with 0 they go as before', async () => {
    const user = await h.addUser('plain', { usdt: '1000' });
    h.bindAddress(user.id, 'usdt', TRON);
    const fields = { c_id: h.coinId('usdt'), num: '100', withdraw_type: 1, paypwd: PAY_PASSWORD };
    h.setSite({ two_factor_required: 1 });
    const refused = await h.post('User/withdraw', fields, user.token);
    expect(refused).toMatchObject({
      code: 0,
      msg: 'Please turn on a second factor (authenticator app or passkey) first',
    });
    expect(h.balance(user.id, 'usdt').available).toBe(1000_00000000n);
    expect(rowCount(h.db, 'withdrawals')).toBe(0);
    expect((await h.post('Security/approvalStart', { operation: 'withdraw', ...fields }, user.token)).msg).toBe(
      'Please turn on a second factor (authenticator app or passkey) first',
    );
    h.setSite({ two_factor_required: 0 });
    expect((await h.post('User/withdraw', fields, user.token)).code).toBe(1);
    expect(h.balance(user.id, 'usdt').available).toBe(900_00000000n);
  });
});

/** The same with a passkey: its assertion signs the approval's challenge, derived from the exact withdrawal. */
describe('a withdrawal approved by a passkey', () => {
  let h: WalletHarness;
  let user: { id: number; token: string; addressId: number; key: SoftAuthenticator };
  beforeAll(async () => {
    h = await startWalletHarness();
  });
  afterAll(async () => h.close());

  let users = 0;
  beforeEach(async () => {
    users += 1;
    const added = await h.addUser(`pk${users}approver`, { usdt: '1000' });
    const addressId = h.bindAddress(added.id, 'usdt', TRON);
    const key = new SoftAuthenticator();
    const options = await h.post<{ options: CeremonyOptions }>('Security/passkeyRegisterOptions', {}, added.token);
    const registered = await h.post(
      'Security/passkeyRegister',
      { passkey_response: key.register(options.data.options) },
      added.token,
    );
    expect(registered.code, registered.msg).toBe(1);
    // Adding a passkey holds withdrawals for a day (docs/account-protection.md): it was added yesterday.
    h.clock.advance(25 * 3_600_000);
    user = { ...added, addressId, key };
  });

  const withdrawal = (num = '100') => ({ c_id: h.coinId('usdt'), num, withdraw_type: 1, address_id: user.addressId });
  const start = async (fields: Record<string, string | number>) => {
    const answer = await h.post<Started & { passkey_options: CeremonyOptions }>(
      'Security/approvalStart',
      fields,
      user.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data.methods).toEqual(['passkey']);
    expect(answer.data.passkey_options.challenge).toBe(answer.data.challenge);
    return answer.data;
  };
  const withdraw = (fields: Record<string, string | number>) =>
    h.post<{ id: number }>('User/withdraw', { paypwd: PAY_PASSWORD, ...fields }, user.token);
  const moneyState = () => moneyStateOf(h, user.id);

  it('sends the withdrawal the passkey approved, once', async () => {
    const started = await start({ operation: 'withdraw', ...withdrawal('100') });
    const assertion = user.key.assert(started.passkey_options);
    const sent = await withdraw({
      ...withdrawal('100'),
      approval_id: started.approval_id,
      passkey_response: assertion,
    });
    expect(sent.code, sent.msg).toBe(1);
    const before = moneyState();
    const again = await withdraw({
      ...withdrawal('100'),
      approval_id: started.approval_id,
      passkey_response: assertion,
    });
    expect(again.code).toBe(0);
    expect(moneyState()).toBe(before);
  });

  it('refuses the same assertion presented for another amount or another address, and moves nothing', async () => {
    const started = await start({ operation: 'withdraw', ...withdrawal('100') });
    const assertion = user.key.assert(started.passkey_options);
    const before = moneyState();
    const more = await withdraw({
      ...withdrawal('900'),
      approval_id: started.approval_id,
      passkey_response: assertion,
    });
    expect(more).toMatchObject({ code: 0, msg: 'The details changed after you confirmed, please confirm again' });
    // The coin's address rebound to another after the approval: the same address_id now sends elsewhere.
    h.bindAddress(user.id, 'usdt', OTHER_TRON);
    const elsewhere = await withdraw({
      ...withdrawal('100'),
      approval_id: started.approval_id,
      passkey_response: assertion,
    });
    expect(elsewhere).toMatchObject({ code: 0, msg: 'The details changed after you confirmed, please confirm again' });
    // An approval of the other withdrawal, answered with the first one's assertion, is refused too:
    // the assertion signed the first approval's challenge.
    const other = await start({ operation: 'withdraw', ...withdrawal('900') });
    const swapped = await withdraw({
      ...withdrawal('900'),
      approval_id: other.approval_id,
      passkey_response: assertion,
    });
    expect(swapped.code).toBe(0);
    expect(moneyState()).toBe(before);
  });

  it('refuses an approval answered after its 5 minutes', async () => {
    const started = await start({ operation: 'withdraw', ...withdrawal('100') });
    const assertion = user.key.assert(started.passkey_options);
    const before = moneyState();
    h.clock.advance(APPROVAL_TTL_MS);
    const late = await withdraw({
      ...withdrawal('100'),
      approval_id: started.approval_id,
      passkey_response: assertion,
    });
    expect(late).toMatchObject({ code: 0, msg: 'This confirmation has expired, please confirm again' });
    expect(moneyState()).toBe(before);
  });
});
