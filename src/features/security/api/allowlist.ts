import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { SecondStepProof } from '../../../lib/use-approval.ts';
import { allowlistOf, type Allowlist, type AllowlistAnswer } from '../../../lib/withdraw-guard.ts';

/** Each change answers the whole list, read as getAllowlist's (lib/withdraw-guard.ts). */
async function change(path: string, params: Record<string, string | number>): Promise<ApiResult<Allowlist>> {
  const result = await api.post<AllowlistAnswer>(path, params, { successToast: true, lock: 'allowlist' });
  const now = Date.now();
  return result.ok ? { ...result, data: allowlistOf(result.data, now) } : result;
}

/**
 * POST /api/Security/setAllowlist: on at once; off after the security wait. Off takes the second step
 * of `allowlist_off` (an approval of the operation alone) when the account has a factor.
 */
export function setAllowlist(on: boolean, proof: SecondStepProof = {}): Promise<ApiResult<Allowlist>> {
  return change('/Security/setAllowlist', { on: on ? 1 : 0, ...proof });
}

/** POST /api/Security/addAllowlistEntry: a bound address (type 1) or card (type 2), usable after the wait. */
export function addAllowlistEntry(type: 1 | 2, id: number): Promise<ApiResult<Allowlist>> {
  return change('/Security/addAllowlistEntry', { type, id });
}

/** POST /api/Security/removeAllowlistEntry: off the list at once. */
export function removeAllowlistEntry(type: 1 | 2, id: number): Promise<ApiResult<Allowlist>> {
  return change('/Security/removeAllowlistEntry', { type, id });
}
