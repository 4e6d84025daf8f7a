import { api, type ApiResult } from '../../../lib/api-client.ts';

/** What the profile screens read of the signed-in user (docs/product-rules.md#profile-and-identity), from POST /api/User/getUserInfo. */
export interface UserProfile {
  username: string;
  /** 0 or 3 awaiting certification, 1 under review, 2 certified; any other value reads as awaiting (docs/product-rules.md#profile-and-identity). */
  rzstatus: number;
  /** Why the last identity request was rejected (while rzstatus is 3); may be absent on other backends. */
  rz_reason?: string;
  /** The account's own invite code. */
  invit: string;
}

export function getUserProfile(): Promise<ApiResult<UserProfile>> {
  return api.post<UserProfile>('/User/getUserInfo', undefined, { quiet: true });
}

export type IdentityStatus = 'awaiting' | 'rejected' | 'review' | 'certified';

/** docs/product-rules.md#profile-and-identity: 1 under review, 2 certified, 3 awaiting after a rejection, anything else awaiting. */
export function identityStatus(rzstatus: number): IdentityStatus {
  if (rzstatus === 1) return 'review';
  if (rzstatus === 2) return 'certified';
  if (rzstatus === 3) return 'rejected';
  return 'awaiting';
}
