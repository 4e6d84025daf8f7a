import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { memoryDatabase } from '../../../__tests__/harness/index.ts';
import { UserRepository } from '../../../db/repositories/user-repository.ts';
import { hashSecret } from '../../passwords.ts';
import { Rejection } from '../../rejection.ts';
import { userFactors } from '../factors.ts';
import {
  RECOVERY_CODE_COUNT,
  refuseUnlessAccepted,
  TOTP_LOCK_MS,
  TOTP_MAX_FAILURES,
  TOTP_PERIOD_S,
  TotpFactors,
  totpOf,
  totpUri,
} from '../totp.ts';

/** RFC 6238 appendix B, SHA-1 rows: the ASCII secret "12345678901234567890", 8 digits. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_SHA1_ROWS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('authenticator codes follow RFC 6238', () => {
  it.each(RFC_SHA1_ROWS)('at %i s the SHA-1 code is %s', (seconds, code) => {
    expect(totpOf(RFC_SECRET, 8).generate({ timestamp: seconds * 1000 })).toBe(code);
  });

  it('names the issuer, the account and the rule authenticator apps need in the otpauth URI', () => {
    const uri = new URL(totpUri(RFC_SECRET, 'demo', 'Exchange'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Exchange:demo');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: RFC_SECRET,
      issuer: 'Exchange',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('the authenticator factor of a user', () => {
  let db: Db;
  let now: number;
  let factors: TotpFactors;
  let userId: number;
  const step = TOTP_PERIOD_S * 1000;
  const codeAt = (secret: string, at: number): string => totpOf(secret).generate({ timestamp: at });

  beforeEach(async () => {
    db = await memoryDatabase();
    now = 1_750_000_000_000;
    factors = new TotpFactors(db, () => now);
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
  });

  /** Sets the factor up and on, one step before `now`, so the current step is still unspent. */
  function turnOn(): string {
    const secret = factors.begin(userId);
    const enabled = factors.enable(userId, codeAt(secret, now - step));
    expect(enabled.outcome).toEqual({ ok: true });
    return secret;
  }

  it('counts for nothing until a code from the new secret confirms it, then gives ten recovery codes once', () => {
    const secret = factors.begin(userId);
    expect(factors.state(userId)).toBe('pending');
    expect(userFactors(db, userId).totp).toBe(false);
    expect(factors.verify(userId, codeAt(secret, now))).toEqual({ ok: false, reason: 'not_enabled' });
    const { outcome, recoveryCodes } = factors.enable(userId, codeAt(secret, now));
    expect(outcome).toEqual({ ok: true });
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(userFactors(db, userId).totp).toBe(true);
    // Only hashes are kept.
    const stored = db.prepare('SELECT code_hash FROM totp_recovery_codes').pluck().all() as string[];
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
  });

  it('accepts a code once: the same code again inside its window is refused as reused, not as a guess', () => {
    const secret = turnOn();
    const code = codeAt(secret, now);
    expect(factors.verify(userId, code)).toEqual({ ok: true });
    expect(factors.verify(userId, code)).toEqual({ ok: false, reason: 'reused' });
    now += 10_000; // still the same step
    expect(factors.verify(userId, code)).toEqual({ ok: false, reason: 'reused' });
    now += step;
    expect(factors.verify(userId, codeAt(secret, now))).toEqual({ ok: true });
  });

  it('accepts one step of clock skew either way and refuses two', () => {
    const secret = turnOn();
    now += 10 * step;
    expect(factors.verify(userId, codeAt(secret, now - 2 * step)).ok).toBe(false);
    expect(factors.verify(userId, codeAt(secret, now + 2 * step)).ok).toBe(false);
    expect(factors.verify(userId, codeAt(secret, now - step))).toEqual({ ok: true });
    now += 10 * step;
    expect(factors.verify(userId, codeAt(secret, now + step))).toEqual({ ok: true });
  });

  it('locks for 30 minutes after five wrong codes in a row, refusing even the right code, then opens again', () => {
    const secret = turnOn();
    const wrong = codeAt(secret, now + 10 * step);
    for (let i = 1; i < TOTP_MAX_FAILURES; i++)
      expect(factors.verify(userId, wrong)).toEqual({ ok: false, reason: 'wrong', left: TOTP_MAX_FAILURES - i });
    expect(factors.verify(userId, wrong)).toEqual({ ok: false, reason: 'locked', minutes: 30 });
    expect(factors.verify(userId, codeAt(secret, now))).toMatchObject({ ok: false, reason: 'locked' });
    now += TOTP_LOCK_MS - 60_000;
    expect(factors.verify(userId, codeAt(secret, now))).toEqual({ ok: false, reason: 'locked', minutes: 1 });
    now += 60_000;
    expect(factors.verify(userId, codeAt(secret, now))).toEqual({ ok: true });
  });

  it('a right code starts the wrong-code count again', () => {
    const secret = turnOn();
    const wrong = '000000' === codeAt(secret, now) ? '111111' : '000000';
    for (let i = 1; i < TOTP_MAX_FAILURES; i++) factors.verify(userId, wrong);
    expect(factors.verify(userId, codeAt(secret, now))).toEqual({ ok: true });
    expect(factors.verify(userId, wrong)).toEqual({ ok: false, reason: 'wrong', left: TOTP_MAX_FAILURES - 1 });
  });

  it('takes each recovery code once, typed in any case and without its dash', () => {
    const secret = factors.begin(userId);
    const { recoveryCodes } = factors.enable(userId, codeAt(secret, now));
    const typed = recoveryCodes[3]!.toLowerCase().replace('-', ' ');
    expect(factors.verifyRecovery(userId, typed)).toEqual({ ok: true });
    expect(factors.verifyRecovery(userId, recoveryCodes[3]!)).toEqual({
      ok: false,
      reason: 'recovery_wrong',
      left: TOTP_MAX_FAILURES - 1,
    });
    expect(factors.recoveryCodesLeft(userId)).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('refuses in the caller language through the message keys, and removal leaves nothing behind', () => {
    const secret = turnOn();
    const refusal = (() => {
      try {
        refuseUnlessAccepted(factors.verify(userId, 'abcdef'));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(Rejection);
    expect(refusal).toMatchObject({ key: 'totp.wrong', vars: { left: TOTP_MAX_FAILURES - 1 } });
    factors.remove(userId);
    expect(factors.state(userId)).toBe('off');
    expect(factors.verify(userId, codeAt(secret, now))).toEqual({ ok: false, reason: 'not_enabled' });
    expect(db.prepare('SELECT count(*) FROM totp_recovery_codes').pluck().get()).toBe(0);
  });
});
