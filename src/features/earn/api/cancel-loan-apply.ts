import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { LoanOrder } from './get-loan-records.ts';

/** POST /api/Loan/cancelLoanApply (id): only an application under review (docs/product-rules.md#loans). */
export function cancelLoanApply(id: number): Promise<ApiResult<LoanOrder>> {
  return api.post<LoanOrder>('/Loan/cancelLoanApply', { id }, { successToast: true, lock: `loan-cancel-${id}` });
}
