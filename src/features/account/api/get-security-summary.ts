import { api, type ApiResult } from '../../../lib/api-client.ts';

/** What the security centre shows of sessions and the anti-phishing code (POST /api/Security/getSessionSummary). */
export interface SecuritySummary {
  sessions: number;
  /** Masked but its first and last character; '' when not set. */
  anti_phishing_code: string;
}

export function getSecuritySummary(): Promise<ApiResult<SecuritySummary>> {
  return api.post<SecuritySummary>('/Security/getSessionSummary', {}, { quiet: true });
}
