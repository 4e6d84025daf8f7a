import { api, type ApiResult } from '../../../lib/api-client.ts';

/** POST /api/Trade/cancelOrder (bb_id); only open orders (status 1) can be cancelled (docs/product-rules.md#spot-orders). */
export function cancelSpotOrder(id: number): Promise<ApiResult<unknown>> {
  return api.post('/Trade/cancelOrder', { bb_id: id }, { successToast: true, lock: `cancel-${id}` });
}
