import type { Db } from '../../db/database.ts';

/** Which second factors a user has turned on. */
export interface UserFactors {
  totp: boolean;
  passkeys: number;
}

const tableExists = (db: Db, name: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/** The user's second factors: an authenticator that is on, and how many passkeys. */
export function userFactors(db: Db, userId: number): UserFactors {
  const totp = db.prepare('SELECT 1 FROM totp_factors WHERE user_id = ? AND enabled_at IS NOT NULL').get(userId);
  // Passkeys arrive in a later migration; a database without them has none.
  const passkeys = tableExists(db, 'passkeys')
    ? (db.prepare('SELECT count(*) FROM passkeys WHERE user_id = ?').pluck().get(userId) as number)
    : 0;
  return { totp: totp !== undefined, passkeys };
}

/** Whether any second factor is on. */
export const hasSecondFactor = (factors: UserFactors): boolean => factors.totp || factors.passkeys > 0;
