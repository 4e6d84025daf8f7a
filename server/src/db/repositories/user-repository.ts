import type { Db } from '../database.ts';
import type { HashedSecret } from '../../domain/passwords.ts';

/** One row of `users`. */
export interface UserRow {
  id: number;
  username: string;
  email: string | null;
  phone: string | null;
  password_hash: string;
  password_salt: string;
  pay_password_hash: string | null;
  pay_password_salt: string | null;
  vip: number;
  credit_score: number;
  rzstatus: number;
  invite_code: string;
  invited_by: number | null;
  lang: string;
  register_ip: string;
  last_login_ip: string;
  last_login_at: number | null;
  created_at: number;
  /** Shown in every mail the server sends this user (null: not set). */
  anti_phishing_code: string | null;
}

export interface NewUser {
  username: string;
  email: string | null;
  phone: string | null;
  password: HashedSecret;
  inviteCode: string;
  invitedBy: number | null;
  lang: string;
  registerIp: string;
  createdAt: number;
  vip?: number;
  creditScore?: number;
}

/** Accounts: lookups by id, login name and invite code; password and language changes. */
export class UserRepository {
  constructor(private readonly db: Db) {}

  /** Inserts a user and returns its id. Throws SQLITE_CONSTRAINT_UNIQUE on a duplicate name, email, phone or invite code. */
  create(user: NewUser): number {
    const result = this.db
      .prepare(
        `INSERT INTO users (username, email, phone, password_hash, password_salt, vip, credit_score, invite_code,
                            invited_by, lang, register_ip, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        user.username,
        user.email,
        user.phone,
        user.password.hash,
        user.password.salt,
        user.vip ?? 0,
        user.creditScore ?? 100,
        user.inviteCode,
        user.invitedBy,
        user.lang,
        user.registerIp,
        user.createdAt,
      );
    return Number(result.lastInsertRowid);
  }

  findById(id: number): UserRow | null {
    return (this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined) ?? null;
  }

  /** The account whose username, email or phone equals `login` (docs/product-rules.md#log-in-and-sessions login: "username"). */
  findByLogin(login: string): UserRow | null {
    const row = this.db
      .prepare('SELECT * FROM users WHERE username = ? OR email = ? OR phone = ? ORDER BY id LIMIT 1')
      .get(login, login, login) as UserRow | undefined;
    return row ?? null;
  }

  findByUsername(username: string): UserRow | null {
    return (this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined) ?? null;
  }

  findByInviteCode(code: string): UserRow | null {
    return (
      (this.db.prepare('SELECT * FROM users WHERE invite_code = ?').get(code.toUpperCase()) as UserRow | undefined) ??
      null
    );
  }

  /** True when the value is already used as a username, email or phone by any account. */
  loginTaken(value: string): boolean {
    return this.findByLogin(value) !== null;
  }

  inviteCodeTaken(code: string): boolean {
    return this.findByInviteCode(code) !== null;
  }

  setPassword(id: number, password: HashedSecret): void {
    this.db
      .prepare('UPDATE users SET password_hash = ?, password_salt = ? WHERE id = ?')
      .run(password.hash, password.salt, id);
  }

  setPayPassword(id: number, password: HashedSecret): void {
    this.db
      .prepare('UPDATE users SET pay_password_hash = ?, pay_password_salt = ? WHERE id = ?')
      .run(password.hash, password.salt, id);
  }

  setLang(id: number, lang: string): void {
    this.db.prepare('UPDATE users SET lang = ? WHERE id = ?').run(lang, id);
  }

  setAntiPhishingCode(id: number, code: string): void {
    this.db.prepare('UPDATE users SET anti_phishing_code = ? WHERE id = ?').run(code, id);
  }

  recordLogin(id: number, ip: string, at: number): void {
    this.db.prepare('UPDATE users SET last_login_ip = ?, last_login_at = ? WHERE id = ?').run(ip, at, id);
  }

  /** Every account, oldest first (operator listing). */
  list(): UserRow[] {
    return this.db.prepare('SELECT * FROM users ORDER BY id').all() as UserRow[];
  }
}
