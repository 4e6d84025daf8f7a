import { api, type ApiResult } from '../../../lib/api-client.ts';

/** A staking period (docs/product-rules.md#staking). */
export interface StakingPeriod {
  /** s_id of submitStaking. */
  id: number;
  days: number;
  /** Yearly rate in percent. */
  interest_rate: string;
  min_price: string;
}

/** A staking project (docs/product-rules.md#staking) with the caller's balance of its coin. */
export interface StakingProject {
  id: number;
  title: string;
  img: string;
  coin: { title: string };
  type: number;
  redeem_fee_rate: string;
  balance: string;
  staking_info: StakingPeriod[];
}

/** POST /api/Balance/getStakingProjects. */
export function getStakingProjects(): Promise<ApiResult<{ list: StakingProject[] }>> {
  return api.post<{ list: StakingProject[] }>('/Balance/getStakingProjects', {}, { quiet: true });
}
