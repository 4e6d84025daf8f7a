import { api, type ApiResult } from '../../../lib/api-client.ts';

/** The receiving account searchUser found. */
export interface Receiver {
  id: number;
  username: string;
}

/** POST /api/Balance/searchUser (username): an exact account name, never the caller's own. */
export function searchUser(username: string): Promise<ApiResult<Receiver>> {
  return api.post<Receiver>('/Balance/searchUser', { username: username.trim() }, { lock: 'transfer-search' });
}
