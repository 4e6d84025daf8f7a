import { api, type ApiResult } from '../../../lib/api-client.ts';
import { PAGE_SIZE } from '../../../lib/use-paged-list.ts';

/** Why a sign-in attempt ended as it did. */
export type SignInReason = 'ok' | 'wrong_password' | 'wrong_code' | 'locked';

/** One sign-in attempt of the last 90 days (POST /api/Security/getSignInList). */
export interface SignInItem {
  id: number;
  at_ms: number;
  ok: 0 | 1;
  reason: SignInReason;
  ip: string;
  /** "Chrome 140 on Android 14" in English; `browser` and `os` are its parts ('' when unreadable). */
  device: string;
  browser: string;
  os: string;
}

export function getSignIns(page: number): Promise<ApiResult<{ list: SignInItem[]; total: number }>> {
  return api.post<{ list: SignInItem[]; total: number }>(
    '/Security/getSignInList',
    { page, limit: PAGE_SIZE },
    { quiet: true },
  );
}
