import { randomInt } from 'node:crypto';

// No 0/O or 1/I/L: the code is read aloud and typed by hand.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A random 6-character invite (promotion) code. Callers retry on the rare collision. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
