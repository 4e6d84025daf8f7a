import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { TransferRecord } from './get-transfer-records.ts';

/** docs/product-rules.md#internal-transfers. */
export interface TransferInput {
  toUid: number;
  coinId: number;
  amount: string;
  /** Sent only while the transaction password is required. */
  payPassword: string | null;
}

/** POST /api/Balance/transfer, under the posting flag. */
export function sendTransfer(input: TransferInput): Promise<ApiResult<TransferRecord>> {
  return api.post<TransferRecord>(
    '/Balance/transfer',
    {
      to_uid: input.toUid,
      c_id: input.coinId,
      amount: input.amount.trim(),
      paypassword: input.payPassword ?? undefined,
    },
    { successToast: true, lock: 'transfer-send' },
  );
}
