import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { memoryDatabase } from '../../../__tests__/harness/index.ts';
import { UserRepository } from '../../../db/repositories/user-repository.ts';
import { hashSecret } from '../../passwords.ts';
import { loadDefaultSiteConfig } from '../../site-config.ts';
import {
  APPROVAL_TTL_MS,
  approvalDigest,
  consumeApproval,
  passkeysUnavailable,
  startApproval,
  type ApprovalDeps,
  type VerifyPasskey,
} from '../approvals.ts';
import { TOTP_PERIOD_S, TotpFactors, totpOf } from '../totp.ts';

const STEP_MS = TOTP_PERIOD_S * 1000;

describe('approvalDigest', () => {
  it('is one digest for the same fields in any order, absent fields left out, and another for any other value', () => {
    const digest = approvalDigest('withdraw', { c_id: 1, num: 150000000n, destination: 'TCp7', bank: undefined });
    expect(approvalDigest('withdraw', { destination: 'TCp7', num: 150000000n, c_id: 1 })).toBe(digest);
    expect(approvalDigest('withdraw', { c_id: 1, num: 150000001n, destination: 'TCp7' })).not.toBe(digest);
    expect(approvalDigest('withdraw', { c_id: 1, num: 150000000n, destination: 'tcp7' })).not.toBe(digest);
    expect(approvalDigest('internal_transfer', { c_id: 1, num: 150000000n, destination: 'TCp7' })).not.toBe(digest);
  });
});

describe('approvals on an injected clock', () => {
  let db: Db;
  let now: number;
  let userId: number;
  let secret: string;
  let deps: ApprovalDeps;
  const fields = { c_id: 1, num: 100_00000000n, destination: 'TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se' };

  beforeEach(async () => {
    db = await memoryDatabase();
    now = 1_750_000_000_000;
    userId = new UserRepository(db).create({
      username: 'guarded',
      inviteCode: 'GUARD1',
      email: null,
      phone: null,
      password: await hashSecret('login123'),
      invitedBy: null,
      lang: 'en',
      registerIp: '',
      createdAt: now,
    });
    const site = loadDefaultSiteConfig();
    deps = {
      db,
      now: () => now,
      totp: new TotpFactors(db, () => now),
      site: () => site,
      verifyPasskey: passkeysUnavailable,
    };
    secret = deps.totp.begin(userId);
    expect(deps.totp.enable(userId, totpOf(secret).generate({ timestamp: now - STEP_MS })).outcome.ok).toBe(true);
  });

  const start = () => startApproval(deps, { userId, operation: 'withdraw', fields });
  const consume = (approvalId: number, proof: Parameters<typeof consumeApproval>[1]['proof']) =>
    consumeApproval(deps, { userId, operation: 'withdraw', fields, approvalId, proof });

  it('hands the stored challenge to the injected passkey check, and refuses what it refuses', async () => {
    const seen: unknown[] = [];
    const answers = [false, true];
    const verify: VerifyPasskey = (user, json, challenge) => {
      seen.push([user, json, challenge]);
      return Promise.resolve(answers.shift() ?? false);
    };
    deps = { ...deps, verifyPasskey: verify };
    const { approval_id, challenge } = start();
    await expect(consume(approval_id, { passkeyResponse: '{"id":"a"}' })).rejects.toMatchObject({
      key: 'approval.passkeyRefused',
    });
    const pass = await consume(approval_id, { passkeyResponse: '{"id":"a"}' });
    pass.markUsed();
    expect(seen).toEqual([
      [userId, '{"id":"a"}', challenge],
      [userId, '{"id":"a"}', challenge],
    ]);
  });

  it('lets only one of two requests that both passed the check use the approval', async () => {
    const { approval_id } = start();
    const first = await consume(approval_id, { otpCode: totpOf(secret).generate({ timestamp: now }) });
    now += STEP_MS;
    const second = await consume(approval_id, { otpCode: totpOf(secret).generate({ timestamp: now }) });
    first.markUsed();
    expect(() => second.markUsed()).toThrow(expect.objectContaining({ key: 'approval.used' }) as Error);
  });

  it('refuses to mark an approval whose 5 minutes ran out after its code was checked', async () => {
    const { approval_id } = start();
    now += APPROVAL_TTL_MS - 1;
    const pass = await consume(approval_id, { otpCode: totpOf(secret).generate({ timestamp: now }) });
    now += 1;
    expect(() => pass.markUsed()).toThrow(expect.objectContaining({ key: 'approval.expired' }) as Error);
  });

  it('takes a recovery code once, and a wrong one counts toward the lock', async () => {
    deps.totp.remove(userId);
    secret = deps.totp.begin(userId);
    const { recoveryCodes } = deps.totp.enable(userId, totpOf(secret).generate({ timestamp: now - STEP_MS }));
    const { approval_id } = start();
    await expect(consume(approval_id, { recoveryCode: 'AAAAA-AAAAA' })).rejects.toMatchObject({
      key: 'totp.recoveryWrong',
      vars: { left: 4 },
    });
    (await consume(approval_id, { recoveryCode: recoveryCodes[0]! })).markUsed();
    const again = start();
    await expect(consume(again.approval_id, { recoveryCode: recoveryCodes[0]! })).rejects.toMatchObject({
      key: 'totp.recoveryWrong',
    });
  });
});
