import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/repositories/user-repository.ts';
import { verifySecret } from './passwords.ts';
import { reject } from './rejection.ts';

/** Wrong transaction passwords in a row that lock the calls needing it. */
export const PAY_PASSWORD_MAX_FAILURES = 5;
/** How long those calls stay locked after the last allowed wrong password. */
export const PAY_PASSWORD_LOCK_MS = 30 * 60_000;

interface AttemptRow {
  failures: number;
  locked_until: number | null;
}

/**
 * The transaction password of the money-moving calls (withdraw, flash exchange, staking, lock
 * mining, internal transfer) while `traders_password_switch` is 1: required, set, right, and not locked. Five wrong
 * passwords in a row lock every such call of the user for 30 minutes; a right one starts the count
 * again. A refusal moves no money; only the count of wrong attempts is written.
 */
export class PayPasswordCheck {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Refuses (Rejection) unless `given` is the user's transaction password; does nothing when not `required`. */
  async check(user: UserRow, given: string | undefined, required: boolean): Promise<void> {
    if (!required) return;
    this.refuseWhileLocked(user.id);
    if (!given) reject('pay.required');
    if (!user.pay_password_hash || !user.pay_password_salt) reject('pay.notSet');
    const right = await verifySecret(given, { hash: user.pay_password_hash, salt: user.pay_password_salt });
    // From here on everything is synchronous: checks running at once cannot interleave their counts.
    this.refuseWhileLocked(user.id);
    if (right) {
      this.db.prepare('DELETE FROM pay_password_attempts WHERE user_id = ?').run(user.id);
      return;
    }
    const at = this.now();
    const row = this.attempts(user.id);
    const expired = row?.locked_until != null && row.locked_until <= at;
    const failures = (row && !expired ? row.failures : 0) + 1;
    const lockedUntil = failures >= PAY_PASSWORD_MAX_FAILURES ? at + PAY_PASSWORD_LOCK_MS : null;
    this.db
      .prepare(
        `INSERT INTO pay_password_attempts (user_id, failures, locked_until) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until`,
      )
      .run(user.id, lockedUntil ? 0 : failures, lockedUntil);
    if (lockedUntil) reject('pay.locked', { minutes: PAY_PASSWORD_LOCK_MS / 60_000 });
    reject('pay.wrong', { left: PAY_PASSWORD_MAX_FAILURES - failures });
  }

  private attempts(userId: number): AttemptRow | undefined {
    return this.db.prepare('SELECT failures, locked_until FROM pay_password_attempts WHERE user_id = ?').get(userId) as
      AttemptRow | undefined;
  }

  private refuseWhileLocked(userId: number): void {
    const lockedUntil = this.attempts(userId)?.locked_until;
    const at = this.now();
    if (lockedUntil && lockedUntil > at) reject('pay.locked', { minutes: Math.ceil((lockedUntil - at) / 60_000) });
  }
}
