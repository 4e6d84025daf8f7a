/**
 * The input rules of docs/product-rules.md#calls-and-answers that the app checks before it sends and the server checks again: one
 * definition for both sides. Each rule is a pattern source (usable as a JSON Schema `pattern` in the
 * server's route declarations) and a test function for the app's validators.
 */

/** Login and transaction passwords: 6-20 letters or digits only. */
export const PASSWORD_PATTERN = '^[A-Za-z0-9]{6,20}$';

/** An address of the shape local@domain.tld. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+$';
export const EMAIL_MAX_LENGTH = 254;

/** A phone number: digits only, 6-20 long. */
export const PHONE_PATTERN = '^\\d{6,20}$';

/**
 * An amount as a person types it: digits with an optional fraction, no sign, exponent, spaces or
 * thousands separators ("12", "0.015"). Whether it is above zero and within a coin's decimals is a
 * separate rule.
 */
export const AMOUNT_TEXT_PATTERN = '^\\d+(\\.\\d+)?$';

const password = new RegExp(PASSWORD_PATTERN);
const email = new RegExp(EMAIL_PATTERN);
const phone = new RegExp(PHONE_PATTERN);
const amountText = new RegExp(AMOUNT_TEXT_PATTERN);

export function isPassword(text: string): boolean {
  return password.test(text);
}

export function isEmail(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && email.test(text);
}

export function isPhone(text: string): boolean {
  return phone.test(text);
}

export function isAmountText(text: string): boolean {
  return amountText.test(text);
}

/** Digits after the decimal point that count: trailing zeros do not ("1.50" has 1). */
export function significantDecimals(amount: string): number {
  const dot = amount.indexOf('.');
  return dot < 0 ? 0 : amount.slice(dot + 1).replace(/0+$/, '').length;
}
