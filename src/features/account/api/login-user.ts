import { api, type ApiResult } from '../../../lib/api-client.ts';
import { oneTimeCodeDigits } from '../../../lib/one-time-code.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { required } from './account-rules.ts';

/** POST /api/Login/login (docs/product-rules.md#log-in-and-sessions). */
export interface LoginInput {
  username: string;
  password: string;
  /** The public IP found on load; empty when the lookup failed. */
  ip: string;
}

export interface LoginOutput {
  userinfo: { token: string; id: number; username: string };
}

/**
 * The answer for an account with a second factor: no token yet; the ticket finishes the login with
 * /Login/secondStep within 5 minutes (docs/account-protection.md "Sign-in second step").
 */
export interface SecondStepOutput {
  second_step: { ticket: string; methods: ('totp' | 'recovery' | 'passkey')[]; challenge: string };
}

/** The second step's proof: a code from the authenticator app, or a recovery code. */
export type SecondStepProof = { code: string } | { recovery: string };

/** docs/product-rules.md#log-in-and-sessions: username and password required. */
export function validateLogin(input: Pick<LoginInput, 'username' | 'password'>): FieldErrors<'username' | 'password'> {
  return {
    username: required(input.username, 'account.login.usernameRequired') ?? undefined,
    password: required(input.password, 'account.login.passwordRequired') ?? undefined,
  };
}

export function loginUser(input: LoginInput): Promise<ApiResult<LoginOutput | SecondStepOutput>> {
  return api.post<LoginOutput | SecondStepOutput>(
    '/Login/login',
    { username: input.username.trim(), password: input.password, ip: input.ip },
    { successToast: true, lock: 'login' },
  );
}

/** POST /api/Login/secondStep: the ticket and one proof; answers the token as /Login/login does. */
export function finishSecondStep(ticket: string, proof: SecondStepProof): Promise<ApiResult<LoginOutput>> {
  return api.post<LoginOutput>(
    '/Login/secondStep',
    'code' in proof
      ? { ticket, otp_code: oneTimeCodeDigits(proof.code) }
      : { ticket, recovery_code: proof.recovery.trim() },
    { successToast: true, lock: 'login' },
  );
}
