import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The sha256 (hex) under which a token or code is stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
