import { api, type ApiResult } from '../../../lib/api-client.ts';
import { PAGE_SIZE } from '../../../lib/use-paged-list.ts';

/** A loan application or loan (docs/product-rules.md#loans). */
export interface LoanOrder {
  id: number;
  title: string;
  order_num: string;
  coin: string;
  amount: string;
  interest: string;
  interest_rate: string;
  cycle: number;
  total_amount: string;
  repayment_time_ms: number | null;
  is_repayment: 0 | 1;
  /** 1 under review, 2 approved, 3 rejected, 4 cancelled (docs/product-rules.md#loans). */
  status: 1 | 2 | 3 | 4;
  reason: string;
  addtime_ms: number;
}

/** The status filter of the orders tab (docs/product-rules.md#loans): all, 1, 2, 3 and cancelled (4). */
export type LoanFilter = 0 | 1 | 2 | 3 | 4;

/** POST /api/Loan/getLoanRecords: one page, newest first. */
export function getLoanRecords(status: LoanFilter, page: number): Promise<ApiResult<{ list: LoanOrder[] }>> {
  return api.post<{ list: LoanOrder[] }>('/Loan/getLoanRecords', { status, page, limit: PAGE_SIZE }, { quiet: true });
}
