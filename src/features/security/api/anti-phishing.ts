import { api, type ApiResult } from '../../../lib/api-client.ts';

/** 4 to 20 letters (A-Z, a-z) and digits: the server's rule, checked before sending. */
const CODE_RULE = /^[A-Za-z0-9]{4,20}$/;

/** The message key of what is wrong with a code as typed, or null. */
export function antiPhishingCodeProblem(code: string): string | null {
  if (!code) return 'security.antiPhishing.codeRequired';
  return CODE_RULE.test(code) ? null : 'security.antiPhishing.codeRule';
}

/** POST /api/Security/setAntiPhishingCode (needs the login password); answers the new code masked. */
export function setAntiPhishingCode(
  code: string,
  password: string,
): Promise<ApiResult<{ anti_phishing_code: string }>> {
  return api.post<{ anti_phishing_code: string }>(
    '/Security/setAntiPhishingCode',
    { code, password },
    { successToast: true, lock: 'anti-phishing' },
  );
}

/** The code as the security centre shows it: masked but its first and last character, '' when not set. */
export function getAntiPhishingCode(): Promise<ApiResult<{ anti_phishing_code: string }>> {
  return api.post<{ anti_phishing_code: string }>('/Security/getSessionSummary', {}, { quiet: true });
}
