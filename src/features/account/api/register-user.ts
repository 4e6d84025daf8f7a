import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { emailRule, passwordRule, phoneRule, repeatRule, required } from './account-rules.ts';

/** Registration type as the server expects it: 2 email, 1 phone (docs/product-rules.md#register). */
export type RegisterMethod = 'email' | 'phone';

/** POST /api/Login/register. */
export interface RegisterInput {
  method: RegisterMethod;
  /** The email address or phone number, per `method`. */
  account: string;
  password: string;
  repassword: string;
  /** The emailed verification code (email method only). */
  code: string;
  /** Optional invite code, prefilled from `?invite=`. */
  invite: string;
  ip: string;
}

export interface RegisterOutput {
  userinfo: { token: string; id: number; username: string };
}

export type RegisterField = 'account' | 'password' | 'repassword' | 'code';

/**
 * docs/product-rules.md#register: email must look valid / phone digits 6-20 (message: the placeholder text); password 6-20
 * letters or digits; repeat equal; the email code is required when `verifyEmailCode` is on and the
 * method is email. The invite code is optional.
 */
export function validateRegister(
  input: Omit<RegisterInput, 'ip'>,
  verifyEmailCode: boolean,
): FieldErrors<RegisterField> {
  return {
    account: (input.method === 'email' ? emailRule(input.account) : phoneRule(input.account)) ?? undefined,
    password: passwordRule(input.password) ?? undefined,
    repassword: repeatRule(input.password, input.repassword) ?? undefined,
    code:
      input.method === 'email' && verifyEmailCode
        ? (required(input.code, 'account.register.codeRequired') ?? undefined)
        : undefined,
  };
}

export function registerUser(input: RegisterInput): Promise<ApiResult<RegisterOutput>> {
  const byEmail = input.method === 'email';
  return api.post<RegisterOutput>(
    '/Login/register',
    {
      type: byEmail ? 2 : 1,
      email: byEmail ? input.account.trim() : undefined,
      phone: byEmail ? undefined : input.account.trim(),
      password: input.password,
      repassword: input.repassword,
      code: byEmail ? input.code.trim() : undefined,
      invit: input.invite.trim() || undefined,
      captcha: '',
      ip: input.ip,
    },
    { successToast: true, lock: 'register' },
  );
}
