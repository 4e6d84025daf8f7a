import { api, type ApiResult } from '../../../lib/api-client.ts';
import { PAGE_SIZE } from '../../../lib/use-paged-list.ts';

/** A mining order (docs/product-rules.md#lock-mining). */
export interface MiningOrder {
  id: number;
  title: string;
  img: string;
  order_num: string;
  start_time_ms: number;
  end_time_ms: number;
  amount: string;
  coin: string;
  /** Daily rate in percent. */
  interest_rate: string;
  days: number;
  /** Interest paid so far. */
  total_revenue: string;
  /** Interest of the whole period. */
  estimated_revenue: string;
  /** 0 running, 1 ended, 2 redeemed (docs/product-rules.md#lock-mining). */
  status: 0 | 1 | 2;
  type: number;
  redeem_fee_rate: string;
  /** What redeeming now gives back; after a redemption, what it gave. */
  redeem_amount: string;
}

/** POST /api/Machine/getMiningMachineOrders: one page, newest first. */
export function getMiningOrders(page: number): Promise<ApiResult<{ list: MiningOrder[] }>> {
  return api.post<{ list: MiningOrder[] }>(
    '/Machine/getMiningMachineOrders',
    { page, limit: PAGE_SIZE },
    { quiet: true },
  );
}
