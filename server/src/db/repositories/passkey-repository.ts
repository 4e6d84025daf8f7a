import type { Db } from '../database.ts';

/** A registered passkey. `credential_id` is base64url; `transports` a JSON array of WebAuthn transports. */
export interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: Buffer;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: readonly string[];
  name: string;
  createdAt: number;
}

/** What a ceremony's challenge is for: adding a passkey, a passwordless sign-in, or approving one operation. */
export type ChallengePurpose = 'register' | 'sign_in' | 'approval';

export interface ChallengeRow {
  id: number;
  challenge: string;
  purpose: ChallengePurpose;
  user_id: number | null;
  expires_at: number;
  used: number;
}

/** Users' passkeys and the challenges of their ceremonies. */
export class PasskeyRepository {
  constructor(private readonly db: Db) {}

  /** The user's passkeys, oldest first. */
  list(userId: number): PasskeyRow[] {
    return this.db.prepare('SELECT * FROM passkeys WHERE user_id = ? ORDER BY id').all(userId) as PasskeyRow[];
  }

  count(userId: number): number {
    return this.db.prepare('SELECT COUNT(*) FROM passkeys WHERE user_id = ?').pluck().get(userId) as number;
  }

  /** The passkey `id` when it belongs to `userId`, else null (another user's passkey reads as none). */
  ownedBy(userId: number, id: number): PasskeyRow | null {
    return (
      (this.db.prepare('SELECT * FROM passkeys WHERE id = ? AND user_id = ?').get(id, userId) as
        PasskeyRow | undefined) ?? null
    );
  }

  byCredentialId(credentialId: string): PasskeyRow | null {
    return (
      (this.db.prepare('SELECT * FROM passkeys WHERE credential_id = ?').get(credentialId) as PasskeyRow | undefined) ??
      null
    );
  }

  /** Adds a passkey; returns its id. Throws SQLITE_CONSTRAINT_UNIQUE when the credential is registered already. */
  add(passkey: NewPasskey): number {
    const result = this.db
      .prepare(
        'INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        passkey.userId,
        passkey.credentialId,
        Buffer.from(passkey.publicKey),
        passkey.counter,
        JSON.stringify(passkey.transports),
        passkey.name,
        passkey.createdAt,
      );
    return Number(result.lastInsertRowid);
  }

  rename(id: number, name: string): void {
    this.db.prepare('UPDATE passkeys SET name = ? WHERE id = ?').run(name, id);
  }

  remove(id: number): void {
    this.db.prepare('DELETE FROM passkeys WHERE id = ?').run(id);
  }

  /** After a verified assertion: the authenticator's new signature counter and when it was used. */
  markUsed(id: number, counter: number, at: number): void {
    this.db.prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, at, id);
  }

  /** Stores a challenge handed out; challenges past their expiry are deleted on the way, so the table stays small. */
  /**
   * Stores a challenge to be answered once. A challenge that stands for something (a login ticket's,
   * an approval's) is asked for again when the user retries after cancelling the browser's prompt:
   * for the same purpose and user it is armed again; the ticket or approval stays single-use itself.
   */
  addChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    userId: number | null,
    at: number,
    expiresAt: number,
  ): void {
    this.db.prepare('DELETE FROM passkey_challenges WHERE expires_at <= ?').run(at);
    this.db
      .prepare(
        `INSERT INTO passkey_challenges (challenge, purpose, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (challenge) DO UPDATE SET used = 0, expires_at = excluded.expires_at
         WHERE purpose = excluded.purpose AND user_id IS excluded.user_id`,
      )
      .run(challenge, purpose, userId, at, expiresAt);
  }

  /**
   * Marks the challenge used and returns it, when it exists, is unused and has not expired at `now`;
   * otherwise null. One UPDATE does both, so two requests can never use one challenge.
   */
  takeChallenge(challenge: string, now: number): ChallengeRow | null {
    return (
      (this.db
        .prepare(
          'UPDATE passkey_challenges SET used = 1 WHERE challenge = ? AND used = 0 AND expires_at > ? RETURNING id, challenge, purpose, user_id, expires_at, used',
        )
        .get(challenge, now) as ChallengeRow | undefined) ?? null
    );
  }
}
