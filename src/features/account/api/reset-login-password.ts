import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { SecondStepProof } from '../../../lib/use-approval.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { passwordRule, repeatRule, required } from './account-rules.ts';

/** POST /api/User/resetpwd: change the login password. */
export interface ResetLoginPasswordInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ResetLoginPasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';

/**
 * docs/product-rules.md#log-in-and-sessions: old, new and confirm required; confirm equals new. The new password must also follow the
 * registration rule (6-20 letters or digits), which the server enforces for every login password.
 */
export function validateResetLoginPassword(input: ResetLoginPasswordInput): FieldErrors<ResetLoginPasswordField> {
  return {
    oldPassword: required(input.oldPassword, 'account.modifyPwd.oldRequired') ?? undefined,
    newPassword:
      required(input.newPassword, 'account.modifyPwd.newRequired') ?? passwordRule(input.newPassword) ?? undefined,
    confirmPassword:
      required(input.confirmPassword, 'account.modifyPwd.confirmRequired') ??
      repeatRule(input.newPassword, input.confirmPassword) ??
      undefined,
  };
}

/** With the second step when the account has one (it approves the operation alone). */
export function resetLoginPassword(
  input: ResetLoginPasswordInput,
  proof: SecondStepProof = {},
): Promise<ApiResult<unknown>> {
  return api.post(
    '/User/resetpwd',
    { oldpassword: input.oldPassword, newpassword: input.newPassword, ...proof },
    { successToast: true, lock: 'resetpwd' },
  );
}
