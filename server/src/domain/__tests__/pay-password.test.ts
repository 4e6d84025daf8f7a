import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { memoryDatabase } from '../../__tests__/harness/index.ts';
import { UserRepository, type UserRow } from '../../db/repositories/user-repository.ts';
import { hashSecret } from '../passwords.ts';
import { PAY_PASSWORD_LOCK_MS, PAY_PASSWORD_MAX_FAILURES, PayPasswordCheck } from '../pay-password.ts';
import { Rejection } from '../rejection.ts';

/** The refusal `check` ends with, or null when it passes. */
async function outcome(run: Promise<void>): Promise<{ key: string; vars: Record<string, unknown> } | null> {
  try {
    await run;
    return null;
  } catch (error) {
    if (!(error instanceof Rejection)) throw error;
    return { key: error.key, vars: error.vars };
  }
}

describe('the transaction password check', () => {
  let db: Db;
  let now: number;
  let check: PayPasswordCheck;
  let user: UserRow;
  let withoutPassword: UserRow;
  beforeEach(async () => {
    db = await memoryDatabase();
    now = 1_750_000_000_000;
    check = new PayPasswordCheck(db, () => now);
    const users = new UserRepository(db);
    const base = {
      email: null,
      phone: null,
      password: await hashSecret('login123'),
      invitedBy: null,
      lang: 'en',
      registerIp: '',
      createdAt: now,
    };
    const id = users.create({ ...base, username: 'payer', inviteCode: 'PAYER1' });
    users.setPayPassword(id, await hashSecret('pay123'));
    user = users.findById(id)!;
    withoutPassword = users.findById(users.create({ ...base, username: 'nopay', inviteCode: 'NOPAY1' }))!;
  });
  afterEach(() => db.close());

  it('passes anything when the switch does not require it, and the right password when it does', async () => {
    expect(await outcome(check.check(user, undefined, false))).toBeNull();
    expect(await outcome(check.check(user, 'pay123', true))).toBeNull();
  });

  it('asks for a missing password and for one to be set first', async () => {
    expect(await outcome(check.check(user, undefined, true))).toEqual({ key: 'pay.required', vars: {} });
    expect(await outcome(check.check(withoutPassword, 'anything', true))).toEqual({ key: 'pay.notSet', vars: {} });
  });

  it('counts wrong passwords down, locks for 30 minutes at the fifth, and counts afresh after the lock', async () => {
    for (let left = PAY_PASSWORD_MAX_FAILURES - 1; left > 0; left--)
      expect(await outcome(check.check(user, 'nope', true))).toEqual({ key: 'pay.wrong', vars: { left } });
    expect(await outcome(check.check(user, 'nope', true))).toEqual({ key: 'pay.locked', vars: { minutes: 30 } });
    // Locked: even the right password is refused, with the time left.
    now += 10 * 60_000;
    expect(await outcome(check.check(user, 'pay123', true))).toEqual({ key: 'pay.locked', vars: { minutes: 20 } });
    now += PAY_PASSWORD_LOCK_MS;
    expect(await outcome(check.check(user, 'nope', true))).toEqual({
      key: 'pay.wrong',
      vars: { left: PAY_PASSWORD_MAX_FAILURES - 1 },
    });
    expect(await outcome(check.check(user, 'pay123', true))).toBeNull();
  });

  it('starts the count again after a right password', async () => {
    for (let i = 0; i < PAY_PASSWORD_MAX_FAILURES - 1; i++) await outcome(check.check(user, 'nope', true));
    expect(await outcome(check.check(user, 'pay123', true))).toBeNull();
    expect(await outcome(check.check(user, 'nope', true))).toEqual({
      key: 'pay.wrong',
      vars: { left: PAY_PASSWORD_MAX_FAILURES - 1 },
    });
  });
});

describe('the transaction password check under concurrency', () => {
  it('counts wrong passwords sent at once: no more than five tries before the lock', async () => {
    const db = await memoryDatabase();
    try {
      const users = new UserRepository(db);
      const id = users.create({
        username: 'rush',
        email: null,
        phone: null,
        password: await hashSecret('login123'),
        inviteCode: 'RUSH01',
        invitedBy: null,
        lang: 'en',
        registerIp: '',
        createdAt: 0,
      });
      users.setPayPassword(id, await hashSecret('pay123'));
      const check = new PayPasswordCheck(db, () => 1_000);
      const user = users.findById(id)!;
      const results = await Promise.all(Array.from({ length: 8 }, () => outcome(check.check(user, 'nope', true))));
      expect(results.filter((r) => r?.key === 'pay.wrong')).toHaveLength(PAY_PASSWORD_MAX_FAILURES - 1);
      expect(results.filter((r) => r?.key === 'pay.locked')).toHaveLength(8 - (PAY_PASSWORD_MAX_FAILURES - 1));
      expect(await outcome(check.check(user, 'pay123', true))).toMatchObject({ key: 'pay.locked' });
    } finally {
      db.close();
    }
  });
});
