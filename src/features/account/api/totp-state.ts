import { api, type ApiResult } from '../../../lib/api-client.ts';

/**
 * POST /api/Security/totpStatus, read for the security centre's row; the authenticator screen
 * (features/security) reads the same call for itself.
 */
export const getTotpState = (): Promise<ApiResult<{ state: 'off' | 'pending' | 'on' }>> =>
  api.post<{ state: 'off' | 'pending' | 'on' }>('/Security/totpStatus', {}, { quiet: true });
