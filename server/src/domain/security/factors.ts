import type { Db } from '../../db/database.ts';

/** Which second factors a user has turned on. */
export interface UserFactors {
  totp: boolean;
  passkeys: number;
}

/** The user's second factors: an authenticator that is on, and how many passkeys. */
export function userFactors(db: Db, userId: number): UserFactors {
  const totp = db.prepare('SELECT 1 FROM totp_factors WHERE user_id = ? AND enabled_at IS NOT NULL').get(userId);
  const passkeys = db.prepare('SELECT count(*) FROM passkeys WHERE user_id = ?').pluck().get(userId) as number;
  return { totp: totp !== undefined, passkeys };
}

/** Whether any second factor is on. */
export const hasSecondFactor = (factors: UserFactors): boolean => factors.totp || factors.passkeys > 0;
