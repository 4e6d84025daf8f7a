import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/database.ts';
import { reject } from '../rejection.ts';

/**
 * Authenticator codes as authenticator apps expect them (RFC 6238): 30 s steps, 6 digits, SHA-1, and
 * one step of clock skew either way. docs/account-protection.md "Authenticator codes".
 */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_SKEW_STEPS = 1;
/** Wrong codes in a row that lock the factor, and for how long: the transaction password's rule. */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_LOCK_MS = 30 * 60_000;
export const RECOVERY_CODE_COUNT = 10;

/** The generator of a base32 secret; `digits` other than 6 only for RFC 6238's own test vectors. */
export function totpOf(secretBase32: string, digits = TOTP_DIGITS): TOTP {
  return new TOTP({
    algorithm: 'SHA1',
    digits,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, RFC 4226's recommended length), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI an authenticator app scans: the issuer and the account name label the entry. */
export function totpUri(secretBase32: string, account: string, issuer: string): string {
  const totp = totpOf(secretBase32);
  totp.issuer = issuer;
  totp.label = account;
  return totp.toString();
}

/** The time step `code` belongs to, within the allowed skew of `at`; null when it matches none. */
export function matchingStep(secretBase32: string, code: string, at: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: at, window: TOTP_SKEW_STEPS });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_S, timestamp: at }) + delta;
}

/** How a code (or recovery code) was judged. Only `wrong` counts toward the lock. */
export type TotpOutcome =
  | { ok: true }
  | { ok: false; reason: 'not_enabled' | 'reused' }
  | { ok: false; reason: 'locked'; minutes: number }
  | { ok: false; reason: 'wrong' | 'recovery_wrong'; left: number };

/** Throws the refusal an outcome stands for, in the caller's language; returns on ok. */
export function refuseUnlessAccepted(outcome: TotpOutcome): void {
  if (outcome.ok) return;
  switch (outcome.reason) {
    case 'not_enabled':
      return reject('totp.notEnabled');
    case 'reused':
      return reject('totp.reused');
    case 'locked':
      return reject('totp.locked', { minutes: outcome.minutes });
    case 'wrong':
      return reject('totp.wrong', { left: outcome.left });
    case 'recovery_wrong':
      return reject('totp.recoveryWrong', { left: outcome.left });
  }
}

interface FactorRow {
  secret: string;
  enabled_at: number | null;
  last_step: number | null;
  failures: number;
  locked_until: number | null;
}

/** Recovery codes read as `XXXXX-XXXXX`; typed in any case, with or without the dash and spaces. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const normalRecovery = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');
const recoveryHash = (code: string): string => createHash('sha256').update(normalRecovery(code)).digest('hex');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * The authenticator-code factor of each user. Every check is synchronous from read to write, so two
 * requests at once cannot both spend the same code or interleave their wrong-code counts.
 */
export class TotpFactors {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** off: never set up or removed; pending: a secret shown but not yet confirmed with a code; on. */
  state(userId: number): 'off' | 'pending' | 'on' {
    const row = this.row(userId);
    return !row ? 'off' : row.enabled_at === null ? 'pending' : 'on';
  }

  /** Starts (or starts again) setting up: a new secret that counts for nothing until `enable`. */
  begin(userId: number): string {
    if (this.state(userId) === 'on') reject('totp.alreadyEnabled');
    const secret = newTotpSecret();
    this.db
      .prepare(
        `INSERT INTO totp_factors (user_id, secret, created_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
           last_step = NULL`,
      )
      .run(userId, secret, this.now());
    return secret;
  }

  /** Turns a pending factor on with a code from it; the answer holds the recovery codes, shown only now. */
  enable(userId: number, code: string): { outcome: TotpOutcome; recoveryCodes: string[] } {
    const row = this.row(userId);
    if (!row) return { outcome: { ok: false, reason: 'not_enabled' }, recoveryCodes: [] };
    if (row.enabled_at !== null) reject('totp.alreadyEnabled');
    const outcome = this.judge(userId, row, code);
    if (!outcome.ok) return { outcome, recoveryCodes: [] };
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    this.db.transaction(() => {
      this.db.prepare('UPDATE totp_factors SET enabled_at = ? WHERE user_id = ?').run(this.now(), userId);
      this.db.prepare('DELETE FROM totp_recovery_codes WHERE user_id = ?').run(userId);
      const insert = this.db.prepare('INSERT INTO totp_recovery_codes (user_id, code_hash) VALUES (?, ?)');
      for (const c of codes) insert.run(userId, recoveryHash(c));
    })();
    return { outcome, recoveryCodes: codes };
  }

  /** Judges a code of a factor that is on: accepted once, within the skew, unless locked. */
  verify(userId: number, code: string): TotpOutcome {
    const row = this.row(userId);
    if (!row || row.enabled_at === null) return { ok: false, reason: 'not_enabled' };
    return this.judge(userId, row, code.replace(/\s/g, ''));
  }

  /** Judges a recovery code: each works once; a wrong one counts toward the same lock as a wrong code. */
  verifyRecovery(userId: number, code: string): TotpOutcome {
    const row = this.row(userId);
    if (!row || row.enabled_at === null) return { ok: false, reason: 'not_enabled' };
    const locked = this.lockedOutcome(row);
    if (locked) return locked;
    const used = this.db
      .prepare('UPDATE totp_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL')
      .run(this.now(), userId, recoveryHash(code)).changes;
    if (used === 1) {
      this.db.prepare('UPDATE totp_factors SET failures = 0 WHERE user_id = ?').run(userId);
      return { ok: true };
    }
    const failed = this.countFailure(userId, row);
    return failed.ok ? failed : failed.reason === 'wrong' ? { ...failed, reason: 'recovery_wrong' } : failed;
  }

  /** Recovery codes not yet used. */
  recoveryCodesLeft(userId: number): number {
    return this.db
      .prepare('SELECT count(*) FROM totp_recovery_codes WHERE user_id = ? AND used_at IS NULL')
      .pluck()
      .get(userId) as number;
  }

  /** Removes the factor and its recovery codes (turned off by the user, or reset by an operator). */
  remove(userId: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM totp_recovery_codes WHERE user_id = ?').run(userId);
      this.db.prepare('DELETE FROM totp_factors WHERE user_id = ?').run(userId);
    })();
  }

  private row(userId: number): FactorRow | undefined {
    return this.db
      .prepare('SELECT secret, enabled_at, last_step, failures, locked_until FROM totp_factors WHERE user_id = ?')
      .get(userId) as FactorRow | undefined;
  }

  private judge(userId: number, row: FactorRow, code: string): TotpOutcome {
    const locked = this.lockedOutcome(row);
    if (locked) return locked;
    const step = matchingStep(row.secret, code, this.now());
    if (step === null) return this.countFailure(userId, row);
    // A code of a step already spent (the same code again, or an older one) is refused but is not a guess.
    if (row.last_step !== null && step <= row.last_step) return { ok: false, reason: 'reused' };
    this.db
      .prepare('UPDATE totp_factors SET last_step = ?, failures = 0, locked_until = NULL WHERE user_id = ?')
      .run(step, userId);
    return { ok: true };
  }

  private lockedOutcome(row: FactorRow): TotpOutcome | null {
    const at = this.now();
    if (row.locked_until === null || row.locked_until <= at) return null;
    return { ok: false, reason: 'locked', minutes: Math.ceil((row.locked_until - at) / 60_000) };
  }

  private countFailure(userId: number, row: FactorRow): TotpOutcome {
    const at = this.now();
    const lockOver = row.locked_until !== null && row.locked_until <= at;
    const failures = (lockOver ? 0 : row.failures) + 1;
    if (failures >= TOTP_MAX_FAILURES) {
      this.db
        .prepare('UPDATE totp_factors SET failures = 0, locked_until = ? WHERE user_id = ?')
        .run(at + TOTP_LOCK_MS, userId);
      return { ok: false, reason: 'locked', minutes: TOTP_LOCK_MS / 60_000 };
    }
    this.db
      .prepare('UPDATE totp_factors SET failures = ?, locked_until = NULL WHERE user_id = ?')
      .run(failures, userId);
    return { ok: false, reason: 'wrong', left: TOTP_MAX_FAILURES - failures };
  }
}
