/**
 * The input rules of the profile forms (docs/product-rules.md#identity-verification, Bank form) that the app checks before it
 * sends and the server checks again, and the one way a bank card number is masked (docs/product-rules.md#bank-cards).
 * Patterns are JSON Schema `pattern` sources (the server's validator and the app both compile them
 * with the `u` flag).
 */

/** A real name as on an ID: letters of any script (with their combining marks), and spaces, dots, hyphens and apostrophes between them. */
export const REAL_NAME_PATTERN = "^[\\p{L}\\p{M}][\\p{L}\\p{M} .'’·-]*$";
export const REAL_NAME_MAX_LENGTH = 50;

/** The longest bank name and cardholder name. */
export const BANK_NAME_MAX_LENGTH = 60;
export const CARD_NAME_MAX_LENGTH = 50;

/** A card number is 12 to 19 digits: the lengths of payment card numbers (ISO/IEC 7812; UnionPay's are 16 to 19). */
export const CARD_DIGITS_MIN = 12;
export const CARD_DIGITS_MAX = 19;

/** A card number as typed: 12 to 19 digits, with white space anywhere between them (ignored). */
export const CARD_NUMBER_PATTERN = `^(?:\\s*\\d){${CARD_DIGITS_MIN},${CARD_DIGITS_MAX}}$`;
/** Room for the digits and a space between every two of them. */
export const CARD_NUMBER_MAX_LENGTH = 40;

const realName = new RegExp(REAL_NAME_PATTERN, 'u');
const cardNumber = new RegExp(CARD_NUMBER_PATTERN, 'u');

export function isRealName(text: string): boolean {
  return text.length <= REAL_NAME_MAX_LENGTH && realName.test(text);
}

export function isCardNumber(text: string): boolean {
  return text.length <= CARD_NUMBER_MAX_LENGTH && cardNumber.test(text);
}

/** The digits of a card number as typed (spaces dropped): the form it is stored in. */
export function cardDigits(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * A card number shown only by its last 4 digits (docs/product-rules.md#bank-cards, while bank_swan_type is 1):
 * `6222021234567890` → `**** 7890`. Idempotent: a number masked already stays as it is.
 */
export function maskCardNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  return `**** ${digits.slice(-4)}`;
}

/** Groups a card number's digits by 4 for reading (`6222 0212 3456 7890`); a masked number is left as it is. */
export function groupCardNumber(number: string): string {
  return /^\d+$/.test(number) ? number.replace(/(\d{4})(?=\d)/g, '$1 ') : number;
}
