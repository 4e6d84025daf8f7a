import { api, type ApiResult } from '../../../lib/api-client.ts';
import { emailRule } from './account-rules.ts';

/** POST /api/Ems/send: mails a verification code to `email`. */
export interface SendEmailCodeInput {
  email: string;
}

/** docs/product-rules.md#register: the address must look valid before a code is sent. Returns an i18n key or null. */
export function validateSendEmailCode(input: SendEmailCodeInput): string | null {
  return emailRule(input.email);
}

export function sendEmailCode(input: SendEmailCodeInput): Promise<ApiResult<unknown>> {
  return api.post('/Ems/send', { email: input.email.trim() }, { successToast: true, lock: 'ems-send' });
}
