/**
 * Account rules of docs/product-rules.md#account, shared by the register and password screens. Pure: each returns the
 * i18n key of the broken rule or null. The server checks the same rules again.
 */

import { isEmail, isPassword, isPhone } from '../../../../common/rules.ts';

/** 6-20 letters or digits only. */
export function passwordRule(password: string): string | null {
  return isPassword(password) ? null : 'account.password.rule';
}

/** The repeat must equal the password ("the two passwords are not the same"). */
export function repeatRule(password: string, repeat: string): string | null {
  return password === repeat ? null : 'account.password.mismatch';
}

/** Must look like an address; the invalid message is the placeholder text (docs/product-rules.md#account). */
export function emailRule(email: string): string | null {
  return isEmail(email.trim()) ? null : 'account.register.emailInvalid';
}

/** Digits only, 6-20 long; the invalid message is the placeholder text (docs/product-rules.md#account). */
export function phoneRule(phone: string): string | null {
  return isPhone(phone.trim()) ? null : 'account.register.phonePlaceholder';
}

export function required(value: string, key: string): string | null {
  return value.trim() === '' ? key : null;
}
