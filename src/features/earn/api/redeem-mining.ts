import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { MiningOrder } from './get-mining-orders.ts';

/** POST /api/Machine/redeemMiningMachine (id): a running order of type 1, after a confirmation (docs/product-rules.md#lock-mining). */
export function redeemMining(id: number): Promise<ApiResult<MiningOrder>> {
  return api.post<MiningOrder>(
    '/Machine/redeemMiningMachine',
    { id },
    { successToast: true, lock: `mining-redeem-${id}` },
  );
}
