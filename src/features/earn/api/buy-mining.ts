import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { MiningOrder } from './get-mining-orders.ts';

/** The mining purchase: the product, the amount, the chosen day and its rate as shown, and the transaction password. */
export interface MiningPurchaseInput {
  id: number;
  amount: string;
  day: number;
  interestRate: string;
  /** Sent only while the transaction password is required. */
  payPassword: string | null;
}

/** POST /api/Machine/buyMiningMachine, under the posting flag. */
export function buyMining(input: MiningPurchaseInput): Promise<ApiResult<MiningOrder>> {
  return api.post<MiningOrder>(
    '/Machine/buyMiningMachine',
    {
      id: input.id,
      amount: input.amount.trim(),
      day: input.day,
      interest_rate: input.interestRate,
      paypassword: input.payPassword ?? undefined,
    },
    { successToast: true, lock: 'mining-buy' },
  );
}
