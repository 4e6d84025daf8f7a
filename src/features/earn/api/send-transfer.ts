import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { ApprovalFields, SecondStepProof } from '../../../lib/use-approval.ts';
import type { TransferRecord } from './get-transfer-records.ts';

/** docs/product-rules.md#internal-transfers. */
export interface TransferInput {
  toUid: number;
  coinId: number;
  amount: string;
  /** Sent only while the transaction password is required. */
  payPassword: string | null;
}

/** What a transfer sends besides the password: also exactly what its second step approves. */
export function transferFields(input: TransferInput): ApprovalFields {
  return { to_uid: input.toUid, c_id: input.coinId, amount: input.amount.trim() };
}

/** POST /api/Balance/transfer, with its second step when the account has one, under the posting flag. */
export function sendTransfer(input: TransferInput, proof: SecondStepProof = {}): Promise<ApiResult<TransferRecord>> {
  return api.post<TransferRecord>(
    '/Balance/transfer',
    { ...transferFields(input), paypassword: input.payPassword ?? undefined, ...proof },
    { successToast: true, lock: 'transfer-send' },
  );
}
