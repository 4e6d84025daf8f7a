import type { Db } from '../database.ts';

/** Why a sign-in attempt ended as it did. */
export type SignInReason = 'ok' | 'wrong_password' | 'wrong_code' | 'locked';

export interface SignInRow {
  id: number;
  at: number;
  ok: 0 | 1;
  reason: SignInReason;
  ip: string;
  device: string;
  browser: string;
  os: string;
}

export interface NewSignIn {
  userId: number;
  at: number;
  reason: SignInReason;
  ip: string;
  device: string;
  browser: string;
  os: string;
  deviceKey: string;
}

/** The sign-in history of each account (table sign_ins, migration 055). */
export class SignInRepository {
  constructor(private readonly db: Db) {}

  add(signIn: NewSignIn): number {
    const result = this.db
      .prepare(
        `INSERT INTO sign_ins (user_id, at, ok, reason, ip, device, browser, os, device_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        signIn.userId,
        signIn.at,
        signIn.reason === 'ok' ? 1 : 0,
        signIn.reason,
        signIn.ip,
        signIn.device,
        signIn.browser,
        signIn.os,
        signIn.deviceKey,
      );
    return Number(result.lastInsertRowid);
  }

  /** Deletes every account's rows from `cutoff` or before. */
  purgeUpTo(cutoff: number): number {
    return this.db.prepare('DELETE FROM sign_ins WHERE at <= ?').run(cutoff).changes;
  }

  /** True when the user has signed in successfully from a device with this key (in the 90 days kept). */
  knowsDevice(userId: number, deviceKey: string): boolean {
    return (
      this.db
        .prepare('SELECT EXISTS (SELECT 1 FROM sign_ins WHERE user_id = ? AND ok = 1 AND device_key = ?)')
        .pluck()
        .get(userId, deviceKey) === 1
    );
  }

  /** True when the user has a successful sign-in kept from a readable device: a device can only be new against others. */
  hasHistory(userId: number): boolean {
    return (
      this.db
        .prepare("SELECT EXISTS (SELECT 1 FROM sign_ins WHERE user_id = ? AND ok = 1 AND device_key <> '')")
        .pluck()
        .get(userId) === 1
    );
  }

  /** One page of a user's sign-ins, newest first, and how many there are in all. */
  page(userId: number, page: number, limit: number): { rows: SignInRow[]; total: number } {
    const rows = this.db
      .prepare(
        `SELECT id, at, ok, reason, ip, device, browser, os FROM sign_ins WHERE user_id = ?
         ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(userId, limit, (page - 1) * limit) as SignInRow[];
    const total = this.db.prepare('SELECT COUNT(*) FROM sign_ins WHERE user_id = ?').pluck().get(userId) as number;
    return { rows, total };
  }
}
