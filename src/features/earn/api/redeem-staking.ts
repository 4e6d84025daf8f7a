import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { StakingOrder } from './get-staking-orders.ts';

/** POST /api/Balance/redeemStaking (id): an order in status 0 of type 1 (docs/product-rules.md#staking). */
export function redeemStaking(id: number): Promise<ApiResult<StakingOrder>> {
  return api.post<StakingOrder>('/Balance/redeemStaking', { id }, { successToast: true, lock: `staking-redeem-${id}` });
}
