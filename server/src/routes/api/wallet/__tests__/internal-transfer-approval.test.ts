import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InternalTransferRepository } from '../../../../db/repositories/internal-transfer-repository.ts';
import { startApproval } from '../../../../domain/security/approvals.ts';
import { TOTP_PERIOD_S, TotpFactors, totpOf } from '../../../../domain/security/totp.ts';
import { rowCount, units } from '../../../../__tests__/harness/index.ts';
import { startEarnHarness, type EarnHarness } from '../../__tests__/earn-harness.ts';

type User = { id: number; token: string };
const STEP_MS = TOTP_PERIOD_S * 1000;

/** Internal transfers of an account with authenticator codes on, and two_factor_required for one without. */
describe('an internal transfer approved by a second step', () => {
  let h: EarnHarness;
  let alice: User;
  let bob: User;
  let secret: string;
  let usdt: number;

  beforeEach(async () => {
    h = await startEarnHarness();
    alice = await h.addUser('alice', { usdt: '1000' });
    bob = await h.addUser('bob', { usdt: '1000' });
    await h.setPayPassword(alice.id, 'pay12345');
    await h.setPayPassword(bob.id, 'pay12345');
    usdt = h.coinId('usdt');
    new InternalTransferRepository(h.db).setCoin({ coinId: usdt, feePpm: 2500, days: 2, sort: 1 });
    const factors = new TotpFactors(h.db, () => h.clock.now());
    secret = factors.begin(alice.id);
    factors.enable(alice.id, totpOf(secret).generate({ timestamp: h.clock.now() - STEP_MS }));
  });
  afterEach(async () => h.close());

  const code = () => totpOf(secret).generate({ timestamp: h.clock.now() });
  const send = (from: User, to: User, amount: string, extra: Record<string, string | number> = {}) =>
    h.post('Balance/transfer', { to_uid: to.id, c_id: usdt, amount, paypassword: 'pay12345', ...extra }, from.token);
  /** The approval the app asks when the sheet shows `amount` to bob (the amount in the coin's units). */
  const approve = (amount: string) =>
    startApproval(h.ctx.approvals, {
      userId: alice.id,
      operation: 'internal_transfer',
      fields: { to_uid: bob.id, c_id: usdt, amount: units(amount) },
    }).approval_id;
  const state = () =>
    JSON.stringify(
      [h.balance(alice.id, 'usdt'), rowCount(h.db, 'bills'), rowCount(h.db, 'internal_transfers')],
      (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
    );

  it('sends the approved amount once; another amount, another receiver or the used approval move nothing', async () => {
    const approval_id = approve('100');
    const before = state();
    expect((await send(alice, bob, '100.01', { approval_id, otp_code: code() })).msg).toBe(
      'The details changed after you confirmed, please confirm again',
    );
    expect(state()).toBe(before);
    const carol = await h.addUser('carol', {});
    const beforeCarol = state();
    expect((await send(alice, carol, '100', { approval_id, otp_code: code() })).msg).toBe(
      'The details changed after you confirmed, please confirm again',
    );
    expect(state()).toBe(beforeCarol);
    const sent = await send(alice, bob, '100.00', { approval_id, otp_code: code() });
    expect(sent.code, sent.msg).toBe(1);
    expect(h.balance(alice.id, 'usdt').available).toBe(units('900'));
    await h.advance(STEP_MS);
    const after = state();
    expect((await send(alice, bob, '100', { approval_id, otp_code: code() })).msg).toBe(
      'This confirmation was already used, please confirm again',
    );
    expect(state()).toBe(after);
  });

  it('with two_factor_required on, refuses a transfer of an account without a factor; with it off, sends as before', async () => {
    h.setSwitch('two_factor_required', 1);
    expect((await send(bob, alice, '10')).msg).toBe(
      'Please turn on a second factor (authenticator app or passkey) first',
    );
    expect(h.balance(bob.id, 'usdt').available).toBe(units('1000'));
    h.setSwitch('two_factor_required', 0);
    expect((await send(bob, alice, '10')).code).toBe(1);
    expect(h.balance(bob.id, 'usdt').available).toBe(units('990'));
  });
});
