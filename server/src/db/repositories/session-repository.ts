import type { Db } from '../database.ts';

/** A live session: not revoked and not expired. */
export interface ActiveSession {
  id: number;
  user_id: number;
  expires_at: number;
  last_active_at: number | null;
}

/** Where and when a session was started, as the sessions list shows it. */
export interface SessionRow {
  id: number;
  ip: string;
  user_agent: string;
  device: string;
  created_at: number;
  last_active_at: number | null;
}

/** Where a session was started: the address the server saw and the browser it came from. */
export interface SessionOrigin {
  ip: string;
  userAgent: string;
  /** The user agent as shown, e.g. "Chrome 140 on Android 14" ('' when unreadable). */
  device: string;
}

const NO_ORIGIN: SessionOrigin = { ip: '', userAgent: '', device: '' };

/** Login sessions, keyed by the sha256 of their token (the token itself is never stored). */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  create(userId: number, tokenHash: string, createdAt: number, expiresAt: number, origin = NO_ORIGIN): number {
    const result = this.db
      .prepare(
        `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, ip, user_agent, device)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(tokenHash, userId, createdAt, expiresAt, origin.ip, origin.userAgent, origin.device);
    return Number(result.lastInsertRowid);
  }

  /** The session for this token hash if it is neither revoked nor expired at `now`. */
  findActive(tokenHash: string, now: number): ActiveSession | null {
    const row = this.db
      .prepare(
        `SELECT id, user_id, expires_at, last_active_at FROM sessions
         WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?`,
      )
      .get(tokenHash, now) as ActiveSession | undefined;
    return row ?? null;
  }

  /** True when this token's session was ended (logout, revoked from another device, a password change) before it expired. */
  wasEnded(tokenHash: string, now: number): boolean {
    return (
      this.db
        .prepare(
          'SELECT EXISTS (SELECT 1 FROM sessions WHERE token_hash = ? AND revoked_at IS NOT NULL AND expires_at > ?)',
        )
        .pluck()
        .get(tokenHash, now) === 1
    );
  }

  touch(id: number, now: number): void {
    this.db.prepare('UPDATE sessions SET last_active_at = ? WHERE id = ?').run(now, id);
  }

  /** A user's live sessions, the most recently used first. */
  listActive(userId: number, now: number): SessionRow[] {
    return this.db
      .prepare(
        `SELECT id, ip, user_agent, device, created_at, last_active_at FROM sessions
         WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?
         ORDER BY COALESCE(last_active_at, created_at) DESC, id DESC`,
      )
      .all(userId, now) as SessionRow[];
  }

  countActive(userId: number, now: number): number {
    return this.db
      .prepare('SELECT COUNT(*) FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?')
      .pluck()
      .get(userId, now) as number;
  }

  revoke(id: number, now: number): void {
    this.db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, id);
  }

  /** Ends one live session of this user; false when it is not theirs or no longer live. */
  revokeOwn(userId: number, id: number, now: number): boolean {
    return (
      this.db
        .prepare(
          'UPDATE sessions SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ?',
        )
        .run(now, id, userId, now).changes === 1
    );
  }

  /** Ends every live session of the user but `keepId`. Returns how many. */
  revokeOthers(userId: number, keepId: number, now: number): number {
    return this.db
      .prepare(
        'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL AND expires_at > ?',
      )
      .run(now, userId, keepId, now).changes;
  }

  /** Revokes every live session of a user (after a login password change). Returns how many. */
  revokeAllForUser(userId: number, now: number): number {
    return this.db
      .prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL')
      .run(now, userId).changes;
  }

  /**
   * Deletes a user's sessions past their expiry, so the table does not grow forever. An ended one
   * is kept until then: its token still answers "your session was ended" rather than "expired".
   */
  purgeDeadForUser(userId: number, now: number): void {
    this.db.prepare('DELETE FROM sessions WHERE user_id = ? AND expires_at <= ?').run(userId, now);
  }
}
