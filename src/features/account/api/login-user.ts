import { api, type ApiResult } from '../../../lib/api-client.ts';
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

/** docs/product-rules.md#log-in-and-sessions: username and password required. */
export function validateLogin(input: Pick<LoginInput, 'username' | 'password'>): FieldErrors<'username' | 'password'> {
  return {
    username: required(input.username, 'account.login.usernameRequired') ?? undefined,
    password: required(input.password, 'account.login.passwordRequired') ?? undefined,
  };
}

export function loginUser(input: LoginInput): Promise<ApiResult<LoginOutput>> {
  return api.post<LoginOutput>(
    '/Login/login',
    { username: input.username.trim(), password: input.password, ip: input.ip },
    { successToast: true, lock: 'login' },
  );
}
