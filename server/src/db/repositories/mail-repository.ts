import { t } from '../../i18n/index.ts';
import type { Db } from '../database.ts';

/** One stored email verification code. */
export interface EmailCodeRow {
  id: number;
  email: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

/** One message of the local outbox, as the test route answers it. */
export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  code: string | null;
  created_at: number;
}

/** Email verification codes and the local mail outbox. */
export class MailRepository {
  constructor(private readonly db: Db) {}

  addCode(email: string, purpose: string, codeHash: string, createdAt: number, expiresAt: number): number {
    const result = this.db
      .prepare('INSERT INTO email_codes (email, purpose, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(email, purpose, codeHash, createdAt, expiresAt);
    return Number(result.lastInsertRowid);
  }

  /** The newest code sent to this address for this purpose, used or not. */
  latestCode(email: string, purpose: string): EmailCodeRow | null {
    const row = this.db
      .prepare('SELECT * FROM email_codes WHERE email = ? AND purpose = ? ORDER BY created_at DESC, id DESC LIMIT 1')
      .get(email, purpose) as EmailCodeRow | undefined;
    return row ?? null;
  }

  countAttempt(id: number): void {
    this.db.prepare('UPDATE email_codes SET attempts = attempts + 1 WHERE id = ?').run(id);
  }

  /** Marks a code used; false when it was already used (a double submit). */
  markUsed(id: number, now: number): boolean {
    return (
      this.db.prepare('UPDATE email_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').run(now, id).changes === 1
    );
  }

  /**
   * Queues a mail: every mail the server sends passes here. To an account that chose an
   * anti-phishing code, the code leads the subject and is the first line of the body, in the
   * account's language, so a mail without it is plainly not ours (docs/account-protection.md).
   */
  addMessage(message: OutboxMessage): void {
    const account = this.db
      .prepare('SELECT anti_phishing_code AS code, lang FROM users WHERE email = ? AND anti_phishing_code IS NOT NULL')
      .get(message.to) as { code: string; lang: string } | undefined;
    const subject = account ? `[${account.code}] ${message.subject}` : message.subject;
    const body = account
      ? `${t(account.lang, 'antiPhishing.mailLine', { code: account.code })}\n\n${message.body}`
      : message.body;
    this.db
      .prepare('INSERT INTO mail_outbox (to_address, subject, body, code, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(message.to, subject, body, message.code, message.created_at);
  }

  /** Outbox messages, newest first; all of them when `to` is null, at most `limit` when given. */
  messages(to: string | null, limit?: number): OutboxMessage[] {
    const select = 'SELECT to_address AS "to", subject, body, code, created_at FROM mail_outbox';
    const order = ' ORDER BY created_at DESC, id DESC';
    // SQLite reads LIMIT -1 as "no limit".
    const max = limit ?? -1;
    return (
      to === null
        ? this.db.prepare(`${select}${order} LIMIT ?`).all(max)
        : this.db.prepare(`${select} WHERE to_address = ?${order} LIMIT ?`).all(to, max)
    ) as OutboxMessage[];
  }
}
