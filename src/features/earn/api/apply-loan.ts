import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { LoanOrder } from './get-loan-records.ts';

/** docs/product-rules.md#loans: the product, the amount and the three uploaded images' URLs. */
export interface LoanApplicationInput {
  id: number;
  amount: string;
  frontCard: string;
  laterCard: string;
  handheldCard: string;
}

/** POST /api/Loan/applyLoan, under the posting flag. */
export function applyLoan(input: LoanApplicationInput): Promise<ApiResult<LoanOrder>> {
  return api.post<LoanOrder>(
    '/Loan/applyLoan',
    {
      id: input.id,
      amount: input.amount.trim(),
      front_card: input.frontCard,
      later_card: input.laterCard,
      handheld_card: input.handheldCard,
    },
    { successToast: true, lock: 'loan-apply' },
  );
}
