import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { newToken, sha256 } from '../tokens.ts';

/** How long the second step of a sign-in may take after the password was accepted. */
export const LOGIN_TICKET_TTL_MS = 5 * 60_000;

/** A sign-in waiting for its second step. */
export interface LoginTicket {
  ticketHash: string;
  userId: number;
  /** The random text a passkey signs for this sign-in (base64url). */
  challenge: string;
  /** Where the password came from: recorded as the login IP when the step is finished. */
  ip: string;
}

interface TicketRow {
  ticket_hash: string;
  user_id: number;
  challenge: string;
  ip: string;
}

/**
 * The tickets of the sign-in second step (docs/account-protection.md "Sign-in second step"): random,
 * kept as sha256, bound to one user, usable once and for five minutes on the server's clock.
 */
export class LoginTickets {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** A new ticket for `userId`; the ticket itself is answered once and never stored. */
  issue(userId: number, ip: string): { ticket: string; challenge: string } {
    const at = this.now();
    const ticket = newToken();
    const challenge = randomBytes(32).toString('base64url');
    this.db.transaction(() => {
      // Tickets of this user that can no longer be used are of no further use to anyone.
      this.db
        .prepare('DELETE FROM login_tickets WHERE user_id = ? AND (expires_at <= ? OR used_at IS NOT NULL)')
        .run(userId, at);
      this.db
        .prepare(
          `INSERT INTO login_tickets (ticket_hash, user_id, challenge, ip, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(sha256(ticket), userId, challenge, ip, at, at + LOGIN_TICKET_TTL_MS);
    })();
    return { ticket, challenge };
  }

  /** The ticket while it can still be used; null when unknown, used or expired. */
  find(ticket: string): LoginTicket | null {
    const row = this.db
      .prepare(
        `SELECT ticket_hash, user_id, challenge, ip FROM login_tickets
         WHERE ticket_hash = ? AND used_at IS NULL AND expires_at > ?`,
      )
      .get(sha256(ticket), this.now()) as TicketRow | undefined;
    return row ? { ticketHash: row.ticket_hash, userId: row.user_id, challenge: row.challenge, ip: row.ip } : null;
  }

  /** Uses the ticket up; false when it was used (or expired) meanwhile, so only one caller gets a session. */
  spend(found: LoginTicket): boolean {
    return (
      this.db
        .prepare('UPDATE login_tickets SET used_at = ? WHERE ticket_hash = ? AND used_at IS NULL AND expires_at > ?')
        .run(this.now(), found.ticketHash, this.now()).changes === 1
    );
  }
}
