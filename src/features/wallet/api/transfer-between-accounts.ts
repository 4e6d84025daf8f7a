import { api, type ApiResult } from '../../../lib/api-client.ts';
import { checkAmount, type Problem } from './wallet-rules.ts';

export interface TransferInput {
  coinId: number;
  amount: string;
  from: number;
  to: number;
}

/** The form's problem before sending (docs/product-rules.md#transfers-between-own-accounts: amount required), or null. */
export function validateTransfer(input: TransferInput, available: string, decimals: number): Problem | null {
  if (input.from === input.to) return { key: 'wallet.transfer.sameAccount' };
  const checked = checkAmount(input.amount, { requiredKey: 'wallet.transfer.amountRequired', decimals, available });
  return checked.ok ? null : checked.problem;
}

/** POST /api/User/transfer (docs/product-rules.md#transfers-between-own-accounts: c_id, num, from_type, to_type); the posting flag `transfer`. */
export function transferBetweenAccounts(input: TransferInput): Promise<ApiResult<unknown>> {
  return api.post(
    '/User/transfer',
    { c_id: input.coinId, num: input.amount.trim(), from_type: input.from, to_type: input.to },
    { successToast: true, lock: 'transfer' },
  );
}
