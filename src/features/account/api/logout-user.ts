import { api, type ApiResult } from '../../../lib/api-client.ts';

/** POST /api/Login/logout: revokes the current token on the server. */
export function logoutUser(): Promise<ApiResult<unknown>> {
  return api.post('/Login/logout', undefined, { quiet: true, lock: 'logout' });
}
