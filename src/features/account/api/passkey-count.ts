import { api, type ApiResult } from '../../../lib/api-client.ts';

/** How many passkeys the signed-in user has (POST /api/Security/passkeyList), for the security centre's row. */
export async function countPasskeys(): Promise<ApiResult<number>> {
  const result = await api.post<{ list: unknown[] }>('/Security/passkeyList', undefined, { quiet: true });
  return result.ok ? { ...result, data: result.data.list.length } : result;
}
