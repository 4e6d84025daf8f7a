import { api, type ApiResult } from '../../../lib/api-client.ts';

/** A loan product (docs/product-rules.md#loans). */
export interface LoanProject {
  id: number;
  title: string;
  /** The lending institution. */
  mechanism: string;
  minprice: string;
  maxprice: string;
  /** Daily interest in percent. */
  interest_rate: string;
  /** Days from approval to repayment. */
  cycle: number;
  coin: string;
}

/** POST /api/Loan/getLoanProjects: every product, or the one with `id`. */
export function getLoanProjects(id?: number): Promise<ApiResult<{ list: LoanProject[] }>> {
  return api.post<{ list: LoanProject[] }>('/Loan/getLoanProjects', { id }, { quiet: true });
}
