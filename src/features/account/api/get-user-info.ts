import { api, type ApiResult } from '../../../lib/api-client.ts';

/** The signed-in user (docs/product-rules.md#profile-and-identity), from POST /api/User/getUserInfo. */
export interface UserInfo {
  username: string;
  id: number;
  vip: number;
  credit_score: number;
  /** 0 or 3 awaiting certification, 1 under review, 2 certified (docs/product-rules.md#account). */
  rzstatus: number;
  /** 1 when a transaction password is set. */
  have_pay: number;
  has_unread: number;
  invit: string;
  /** The second factors on (docs/account-protection.md): with any, money calls ask a second step. */
  factors?: { totp: number; passkeys: number };
}

export function getUserInfo(): Promise<ApiResult<UserInfo>> {
  return api.post<UserInfo>('/User/getUserInfo', undefined, { quiet: true });
}
