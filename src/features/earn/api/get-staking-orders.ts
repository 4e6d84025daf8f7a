import { api, type ApiResult } from '../../../lib/api-client.ts';
import { PAGE_SIZE } from '../../../lib/use-paged-list.ts';

/** A staking order (docs/product-rules.md#staking). */
export interface StakingOrder {
  id: number;
  order_num: string;
  title: string;
  /** 0 staking, 1 ended, 2 redeemed (docs/product-rules.md#staking). */
  status: 0 | 1 | 2;
  type: number;
  start_time_ms: number;
  end_time_ms: number;
  coin: string;
  amount: string;
  days: number;
  /** Yearly rate in percent. */
  interest_rate: string;
  total_revenue: string;
  estimated_revenue: string;
  redeem_fee_rate: string;
  redeem_amount: string;
}

/** The list's filter: every order, or one status. */
export type StakingFilter = 'all' | 0 | 1 | 2;

/** POST /api/Balance/getStakingOrderList: one page, newest first. */
export function getStakingOrders(filter: StakingFilter, page: number): Promise<ApiResult<{ list: StakingOrder[] }>> {
  return api.post<{ list: StakingOrder[] }>(
    '/Balance/getStakingOrderList',
    { status: filter === 'all' ? undefined : filter, page, limit: PAGE_SIZE },
    { quiet: true },
  );
}
