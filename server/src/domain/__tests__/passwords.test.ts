import { describe, expect, it } from 'vitest';
import { hashSecret, verifySecret } from '../passwords.ts';
import { newToken, sha256 } from '../tokens.ts';

describe('passwords (scrypt with a per-secret salt)', () => {
  it('never stores the password, and the same password hashes differently per user', async () => {
    const a = await hashSecret('demo1234');
    const b = await hashSecret('demo1234');
    for (const stored of [a, b]) {
      expect(stored.hash).not.toContain('demo1234');
      expect(stored.hash).toMatch(/^[0-9a-f]{128}$/);
      expect(stored.salt).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
  });

  it('verifies the right secret and refuses any other', async () => {
    const stored = await hashSecret('abc123');
    expect(await verifySecret('abc123', stored)).toBe(true);
    expect(await verifySecret('abc124', stored)).toBe(false);
    expect(await verifySecret('ABC123', stored)).toBe(false);
    expect(await verifySecret('', stored)).toBe(false);
    expect(await verifySecret('abc123', { ...stored, salt: (await hashSecret('x')).salt })).toBe(false);
  });

  it('refuses a stored hash of the wrong length instead of throwing', async () => {
    const stored = await hashSecret('abc123');
    expect(await verifySecret('abc123', { ...stored, hash: stored.hash.slice(0, 64) })).toBe(false);
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, never repeating', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their sha256', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
