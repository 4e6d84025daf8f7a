import { api, type ApiResult } from '../../../lib/api-client.ts';
import { PAGE_SIZE } from '../../../lib/use-paged-list.ts';

/** An internal transfer record (docs/product-rules.md#internal-transfers), as its sender or its receiver sees it. */
export interface TransferRecord {
  id: number;
  order_num: string;
  /** 1 in transfer, 2 finished, 3 cancelled (docs/product-rules.md#internal-transfers). */
  status: 1 | 2 | 3;
  direction: 'out' | 'in';
  addtime_ms: number;
  arrival_time_ms: number;
  to_username: string;
  from_username: string;
  coin: string;
  amount: string;
  sxf: string;
  arrival_amount: string;
  reason: string;
}

/** The list's tabs (docs/product-rules.md#internal-transfers): all 0, in transfer 1, finished 2, cancelled 3. */
export type TransferFilter = 0 | 1 | 2 | 3;

/** POST /api/Balance/getInternalTransferList: one page, newest first. */
export function getTransferRecords(
  status: TransferFilter,
  page: number,
): Promise<ApiResult<{ list: TransferRecord[] }>> {
  return api.post<{ list: TransferRecord[] }>(
    '/Balance/getInternalTransferList',
    { status, page, limit: PAGE_SIZE },
    { quiet: true },
  );
}
