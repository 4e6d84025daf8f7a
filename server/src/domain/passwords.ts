import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** A secret (login or pay password) as stored: scrypt hash and its per-secret random salt, both hex. */
export interface HashedSecret {
  hash: string;
  salt: string;
}

const KEY_LENGTH = 64;
const SCRYPT_OPTIONS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(secret: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT_OPTIONS, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a secret with scrypt and a fresh 16-byte random salt. */
export async function hashSecret(secret: string): Promise<HashedSecret> {
  const salt = randomBytes(16).toString('hex');
  const key = await derive(secret, salt);
  return { hash: key.toString('hex'), salt };
}

/** True when `secret` matches the stored hash; compared in constant time. */
export async function verifySecret(secret: string, stored: HashedSecret): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'hex');
  const actual = await derive(secret, stored.salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const DUMMY: HashedSecret = { hash: '00'.repeat(KEY_LENGTH), salt: '00'.repeat(16) };

/** Spends the same scrypt time as a real check, so an unknown account answers as slowly as a wrong password. */
export async function burnVerifyTime(secret: string): Promise<void> {
  await verifySecret(secret, DUMMY);
}
