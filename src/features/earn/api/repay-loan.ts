import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { LoanOrder } from './get-loan-records.ts';

/** POST /api/Loan/repay (order_num): the whole total at once, once (docs/product-rules.md#loans). */
export function repayLoan(orderNum: string): Promise<ApiResult<LoanOrder>> {
  return api.post<LoanOrder>(
    '/Loan/repay',
    { order_num: orderNum },
    { successToast: true, lock: `loan-repay-${orderNum}` },
  );
}
