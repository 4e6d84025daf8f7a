import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { TransferRecord } from './get-transfer-records.ts';

/** POST /api/Balance/cancelInternalTransfer (id): a transfer the caller sent, still in transfer (docs/product-rules.md#internal-transfers). */
export function cancelTransfer(id: number): Promise<ApiResult<TransferRecord>> {
  return api.post<TransferRecord>(
    '/Balance/cancelInternalTransfer',
    { id },
    { successToast: true, lock: `transfer-cancel-${id}` },
  );
}
