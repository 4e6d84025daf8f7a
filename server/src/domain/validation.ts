import type { MessageKey } from '../i18n/index.ts';

/**
 * The account input rules (README.md), checked again on the server (the patterns live in common/rules.ts, beside the app's copy of the same checks). Each returns the message key of the
 * first broken rule, or null when the value is fine.
 */

const PASSWORD = /^[A-Za-z0-9]{6,20}$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^\d{6,20}$/;

/** Login and pay passwords: 6-20 letters or digits only. */
export function checkPassword(password: string): MessageKey | null {
  return PASSWORD.test(password) ? null : 'validate.passwordRule';
}

/** The repeat must equal the password. */
export function checkRepeat(password: string, repeat: string): MessageKey | null {
  return password === repeat ? null : 'validate.passwordMismatch';
}

/** An address of the shape local@domain.tld, at most 254 characters. */
export function checkEmail(email: string): MessageKey | null {
  return email.length <= 254 && EMAIL.test(email) ? null : 'validate.emailInvalid';
}

/** Digits only, 6-20 long. */
export function checkPhone(phone: string): MessageKey | null {
  return PHONE.test(phone) ? null : 'validate.phoneInvalid';
}
