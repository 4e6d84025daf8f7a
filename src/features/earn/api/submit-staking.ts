import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { StakingOrder } from './get-staking-orders.ts';

/** docs/product-rules.md#staking. */
export interface StakingInput {
  projectId: number;
  periodId: number;
  amount: string;
  /** Sent only while the transaction password is required. */
  payPassword: string | null;
}

/** POST /api/Balance/submitStaking, under the posting flag of its project. */
export function submitStaking(input: StakingInput): Promise<ApiResult<StakingOrder>> {
  return api.post<StakingOrder>(
    '/Balance/submitStaking',
    {
      id: input.projectId,
      s_id: input.periodId,
      amount: input.amount.trim(),
      paypassword: input.payPassword ?? undefined,
    },
    { successToast: true, lock: `staking-${input.projectId}` },
  );
}
