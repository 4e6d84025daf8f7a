import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { MailRepository } from '../../db/repositories/mail-repository.ts';
import type { NoticeRepository } from '../../db/repositories/notice-repository.ts';
import type { UserRepository } from '../../db/repositories/user-repository.ts';

/**
 * A change to how an account is protected. Each one tells the user (a system notice and a mail), and
 * the ones that could let a thief take money out hold withdrawals for a while (docs/account-protection.md).
 */
export type SecurityEventKind =
  | 'new_device_sign_in'
  | 'login_password_changed'
  | 'pay_password_changed'
  | 'factor_added'
  | 'factor_removed'
  | 'allowlist_changed'
  | 'withdraw_address_added'
  | 'bank_card_added';

export interface SecurityEvent {
  userId: number;
  kind: SecurityEventKind;
  /** What the notice and mail name: the factor ("authenticator", a passkey's name), the device, the address. */
  detail?: Record<string, string>;
}

/** What recording an event writes to. */
export interface SecurityEventDeps {
  db: Db;
  config: ServerConfig;
  users: UserRepository;
  notices: NoticeRepository;
  mail: MailRepository;
  now: () => number;
}
