import { randomInt, timingSafeEqual } from 'node:crypto';
import type { MailRepository } from '../db/repositories/mail-repository.ts';
import { t } from '../i18n/index.ts';
import { sha256 } from './tokens.ts';

/** A code lives 10 minutes. */
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
/** One code per address per 60 s (docs/product-rules.md#register: the send button waits 60 s). */
export const EMAIL_CODE_RESEND_MS = 60_000;
/** Wrong guesses allowed against one code before it is dead (a 6-digit code must not be brute-forced). */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** The purpose codes are issued for; the only one so far. */
export const REGISTER_PURPOSE = 'register';

export type SendResult = { sent: true } | { sent: false; waitSeconds: number };

/**
 * Issues a 6-digit code for `email` and delivers it to the local outbox, in the request's
 * language. Refuses (and stores nothing) when the previous code for that address is under 60 s old.
 */
export function sendEmailCode(mail: MailRepository, email: string, lang: string, now: number): SendResult {
  const previous = mail.latestCode(email, REGISTER_PURPOSE);
  if (previous && now - previous.created_at < EMAIL_CODE_RESEND_MS) {
    return { sent: false, waitSeconds: Math.ceil((previous.created_at + EMAIL_CODE_RESEND_MS - now) / 1000) };
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  mail.addCode(email, REGISTER_PURPOSE, sha256(code), now, now + EMAIL_CODE_TTL_MS);
  mail.addMessage({
    to: email,
    subject: t(lang, 'ems.subject'),
    body: t(lang, 'ems.body', { code, minutes: EMAIL_CODE_TTL_MS / 60_000 }),
    code,
    created_at: now,
  });
  return { sent: true };
}

/**
 * Checks `code` against the newest unused, unexpired code of `email`. Returns the code's row id to
 * mark used once the registration is stored, or null. A wrong guess counts against the code.
 */
export function checkEmailCode(mail: MailRepository, email: string, code: string, now: number): number | null {
  const latest = mail.latestCode(email, REGISTER_PURPOSE);
  if (!latest || latest.used_at !== null || latest.expires_at <= now || latest.attempts >= EMAIL_CODE_MAX_ATTEMPTS)
    return null;
  const matches = timingSafeEqual(Buffer.from(sha256(code), 'hex'), Buffer.from(latest.code_hash, 'hex'));
  if (!matches) {
    mail.countAttempt(latest.id);
    return null;
  }
  return latest.id;
}
