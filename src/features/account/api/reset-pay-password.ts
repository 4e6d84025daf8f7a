import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { SecondStepProof } from '../../../lib/use-approval.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { passwordRule, repeatRule, required } from './account-rules.ts';

/** POST /api/User/resetPay: set or change the transaction password. */
export interface ResetPayPasswordInput {
  loginPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ResetPayPasswordField = 'loginPassword' | 'newPassword' | 'confirmPassword';

/**
 * docs/product-rules.md#passwords: login password, new and confirm required; confirm equals new. The new transaction password
 * follows the same 6-20 letters-or-digits rule as login passwords (the server checks it too).
 */
export function validateResetPayPassword(input: ResetPayPasswordInput): FieldErrors<ResetPayPasswordField> {
  return {
    loginPassword: required(input.loginPassword, 'account.resetPay.loginRequired') ?? undefined,
    newPassword:
      required(input.newPassword, 'account.resetPay.newRequired') ?? passwordRule(input.newPassword) ?? undefined,
    confirmPassword:
      required(input.confirmPassword, 'account.resetPay.confirmRequired') ??
      repeatRule(input.newPassword, input.confirmPassword) ??
      undefined,
  };
}

/** With the second step when the account has one (it approves the operation alone). */
export function resetPayPassword(
  input: ResetPayPasswordInput,
  proof: SecondStepProof = {},
): Promise<ApiResult<unknown>> {
  return api.post(
    '/User/resetPay',
    { logpassword: input.loginPassword, newpassword: input.newPassword, ...proof },
    { successToast: true, lock: 'resetpay' },
  );
}
