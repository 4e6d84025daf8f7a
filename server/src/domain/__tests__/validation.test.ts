import { describe, expect, it } from 'vitest';
import { checkEmail, checkPassword, checkPhone, checkRepeat } from '../validation.ts';

describe('account rules of docs/product-rules.md#account', () => {
  it.each(['abc123', 'ABCDEF', '123456', 'a'.repeat(20)])('password %s passes', (p) =>
    expect(checkPassword(p)).toBeNull(),
  );
  it.each(['abc12', 'a'.repeat(21), 'abc 123', 'abc-123', 'pässwort1', ''])('password %j fails', (p) =>
    expect(checkPassword(p)).toBe('validate.passwordRule'),
  );

  it('the repeat must equal the password exactly', () => {
    expect(checkRepeat('abc123', 'abc123')).toBeNull();
    expect(checkRepeat('abc123', 'ABC123')).toBe('validate.passwordMismatch');
    expect(checkRepeat('abc123', '')).toBe('validate.passwordMismatch');
  });

  it.each(['a@b.co', 'first.last+tag@mail.example.com'])('email %s passes', (e) => expect(checkEmail(e)).toBeNull());
  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co', 'a b@c.co', 'a@b.', `${'a'.repeat(250)}@b.co`])(
    'email %j fails',
    (e) => expect(checkEmail(e)).toBe('validate.emailInvalid'),
  );

  it.each(['123456', '1'.repeat(20)])('phone %s passes', (p) => expect(checkPhone(p)).toBeNull());
  it.each(['', '12345', '1'.repeat(21), '+123456', '123 4567', '12345a'])('phone %j fails', (p) =>
    expect(checkPhone(p)).toBe('validate.phoneInvalid'),
  );
});
