import { describe, expect, it } from 'vitest';
import { emailRule, passwordRule, phoneRule, repeatRule } from '../api/account-rules.ts';
import { validateLogin } from '../api/login-user.ts';
import { validateRegister } from '../api/register-user.ts';
import { validateResetLoginPassword } from '../api/reset-login-password.ts';
import { validateResetPayPassword } from '../api/reset-pay-password.ts';
import { validateSendEmailCode } from '../api/send-email-code.ts';
import { identityStatusKey } from '../stores/user-store.ts';

const emailForm = {
  method: 'email' as const,
  account: 'amy@example.com',
  password: 'abc123',
  repassword: 'abc123',
  code: '123456',
  invite: '',
};

describe('account rules (docs/product-rules.md#account)', () => {
  it('passwords are 6-20 letters or digits only', () => {
    expect(passwordRule('abc123')).toBeNull();
    expect(passwordRule('A'.repeat(20))).toBeNull();
    expect(passwordRule('abc12')).toBe('account.password.rule');
    expect(passwordRule('a'.repeat(21))).toBe('account.password.rule');
    expect(passwordRule('abc 123')).toBe('account.password.rule');
    expect(passwordRule('abc_123')).toBe('account.password.rule');
    expect(passwordRule('пароль12')).toBe('account.password.rule');
  });

  it('the repeat must equal the password', () => {
    expect(repeatRule('abc123', 'abc123')).toBeNull();
    expect(repeatRule('abc123', 'abc124')).toBe('account.password.mismatch');
  });

  it('an invalid email or phone shows the placeholder text', () => {
    expect(emailRule('amy@example.com')).toBeNull();
    expect(emailRule('amy@example')).toBe('account.register.emailInvalid');
    expect(emailRule('amy example.com')).toBe('account.register.emailInvalid');
    expect(emailRule('')).toBe('account.register.emailInvalid');
    expect(phoneRule('13800138000')).toBeNull();
    expect(phoneRule('12345')).toBe('account.register.phonePlaceholder');
    expect(phoneRule('1'.repeat(21))).toBe('account.register.phonePlaceholder');
    expect(phoneRule('+8613800138000')).toBe('account.register.phonePlaceholder');
  });
});

describe('validateLogin', () => {
  it('requires username and password', () => {
    expect(validateLogin({ username: ' ', password: '' })).toEqual({
      username: 'account.login.usernameRequired',
      password: 'account.login.passwordRequired',
    });
    expect(Object.values(validateLogin({ username: 'amy', password: 'x' })).filter(Boolean)).toEqual([]);
  });
});

describe('validateRegister', () => {
  it('accepts a complete email form', () => {
    expect(Object.values(validateRegister(emailForm, true)).filter(Boolean)).toEqual([]);
  });

  it('reports each broken rule on its field', () => {
    const errors = validateRegister(
      { ...emailForm, account: 'nope', password: '123', repassword: '1234', code: '' },
      true,
    );
    expect(errors).toEqual({
      account: 'account.register.emailInvalid',
      password: 'account.password.rule',
      repassword: 'account.password.mismatch',
      code: 'account.register.codeRequired',
    });
  });

  it('requires the email code only when verify_email_code is on and the method is email', () => {
    expect(validateRegister({ ...emailForm, code: '' }, false).code).toBeUndefined();
    expect(
      validateRegister({ ...emailForm, method: 'phone', account: '13800138000', code: '' }, true).code,
    ).toBeUndefined();
  });

  it('checks the phone tab with the phone rule', () => {
    expect(validateRegister({ ...emailForm, method: 'phone', account: 'amy@example.com' }, true).account).toBe(
      'account.register.phonePlaceholder',
    );
  });

  it('treats the invite code as optional', () => {
    expect(validateRegister({ ...emailForm, invite: '' }, true)).not.toHaveProperty('invite');
  });
});

describe('validateSendEmailCode', () => {
  it('needs a valid address before sending', () => {
    expect(validateSendEmailCode({ email: 'bad' })).toBe('account.register.emailInvalid');
    expect(validateSendEmailCode({ email: 'amy@example.com' })).toBeNull();
  });
});

describe('password changes', () => {
  it('login password: old, new and confirm required; confirm equals new', () => {
    expect(validateResetLoginPassword({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'account.modifyPwd.oldRequired',
      newPassword: 'account.modifyPwd.newRequired',
      confirmPassword: 'account.modifyPwd.confirmRequired',
    });
    expect(
      validateResetLoginPassword({ oldPassword: 'old111', newPassword: 'new222', confirmPassword: 'new223' })
        .confirmPassword,
    ).toBe('account.password.mismatch');
    expect(
      validateResetLoginPassword({ oldPassword: 'old111', newPassword: 'short', confirmPassword: 'short' }).newPassword,
    ).toBe('account.password.rule');
    expect(
      Object.values(
        validateResetLoginPassword({ oldPassword: 'old111', newPassword: 'new222', confirmPassword: 'new222' }),
      ).filter(Boolean),
    ).toEqual([]);
  });

  it('transaction password: login password, new and confirm required; confirm equals new', () => {
    expect(validateResetPayPassword({ loginPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      loginPassword: 'account.resetPay.loginRequired',
      newPassword: 'account.resetPay.newRequired',
      confirmPassword: 'account.resetPay.confirmRequired',
    });
    expect(
      validateResetPayPassword({ loginPassword: 'a', newPassword: 'pay123', confirmPassword: 'pay124' })
        .confirmPassword,
    ).toBe('account.password.mismatch');
    expect(
      Object.values(
        validateResetPayPassword({ loginPassword: 'a', newPassword: 'pay123', confirmPassword: 'pay123' }),
      ).filter(Boolean),
    ).toEqual([]);
  });
});

describe('identity status (docs/product-rules.md#account)', () => {
  it('maps 1 to review, 2 to certified and anything else to awaiting', () => {
    expect(identityStatusKey(0)).toBe('awaiting');
    expect(identityStatusKey(3)).toBe('awaiting');
    expect(identityStatusKey(9)).toBe('awaiting');
    expect(identityStatusKey(1)).toBe('review');
    expect(identityStatusKey(2)).toBe('certified');
  });
});
