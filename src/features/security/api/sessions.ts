import { api, type ApiResult } from '../../../lib/api-client.ts';

/** A live session (a signed-in device) of the user, as POST /api/Security/getSessionList answers it. */
export interface SessionItem {
  id: number;
  /** "Chrome 140 on Android 14"; '' when the server could not read the browser. */
  device: string;
  browser: string;
  os: string;
  ip: string;
  created_at_ms: number;
  last_active_at_ms: number;
  /** 1 for the session of this app. */
  current: 0 | 1;
}

export function getSessions(): Promise<ApiResult<{ list: SessionItem[] }>> {
  return api.post<{ list: SessionItem[] }>('/Security/getSessionList', {}, { quiet: true });
}

/** POST /api/Security/revokeSession: that device's next call lands on the login screen. */
export function revokeSession(id: number): Promise<ApiResult<null>> {
  return api.post<null>('/Security/revokeSession', { id }, { successToast: true, lock: `session-revoke-${id}` });
}

/** POST /api/Security/revokeOtherSessions: every session but this one. */
export function revokeOtherSessions(): Promise<ApiResult<{ revoked: number }>> {
  return api.post<{ revoked: number }>(
    '/Security/revokeOtherSessions',
    {},
    { successToast: true, lock: 'session-revoke-others' },
  );
}
