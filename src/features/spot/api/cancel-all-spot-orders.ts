import { api, type ApiResult } from '../../../lib/api-client.ts';

/**
 * POST /api/Trade/cancelAll: cancels every cancellable order (open, and stop-limits waiting for
 * their trigger) of the pair `mId`; the answer says how many.
 */
export function cancelAllSpotOrders(mId: number): Promise<ApiResult<{ cancelled: number }>> {
  return api.post<{ cancelled: number }>('/Trade/cancelAll', { m_id: mId }, { successToast: true, lock: 'cancel-all' });
}
