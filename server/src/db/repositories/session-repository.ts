import type { Db } from '../database.ts';

/** A live session: not revoked and not expired. */
export interface ActiveSession {
  id: number;
  user_id: number;
  expires_at: number;
}

/** Login sessions, keyed by the sha256 of their token (the token itself is never stored). */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  create(userId: number, tokenHash: string, createdAt: number, expiresAt: number): number {
    const result = this.db
      .prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .run(tokenHash, userId, createdAt, expiresAt);
    return Number(result.lastInsertRowid);
  }

  /** The session for this token hash if it is neither revoked nor expired at `now`. */
  findActive(tokenHash: string, now: number): ActiveSession | null {
    const row = this.db
      .prepare(
        'SELECT id, user_id, expires_at FROM sessions WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?',
      )
      .get(tokenHash, now) as ActiveSession | undefined;
    return row ?? null;
  }

  revoke(id: number, now: number): void {
    this.db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, id);
  }

  /** Revokes every live session of a user (after a login password change). Returns how many. */
  revokeAllForUser(userId: number, now: number): number {
    return this.db
      .prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL')
      .run(now, userId).changes;
  }

  /** Deletes a user's sessions that can never be used again, so the table does not grow forever. */
  purgeDeadForUser(userId: number, now: number): void {
    this.db
      .prepare('DELETE FROM sessions WHERE user_id = ? AND (revoked_at IS NOT NULL OR expires_at <= ?)')
      .run(userId, now);
  }
}
