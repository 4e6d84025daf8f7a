import { api, type ApiResult } from '../../../lib/api-client.ts';

/** A currency tab (docs/product-rules.md#market-lists): a group with its child tabs. */
export interface CurrencyTab {
  id: number;
  currency_name: string;
  child: CurrencyTab[];
}

/** POST /api/index/getAllCurrencyList: data = {list: CurrencyTab[]}. */
export function getCurrencyList(): Promise<ApiResult<{ list: CurrencyTab[] }>> {
  return api.post<{ list: CurrencyTab[] }>('/index/getAllCurrencyList', undefined, { quiet: true });
}

/** The id meaning "All" at either level (the server lists every pair of the parent for 0). */
export const ALL_TAB = 0;

/** The child tabs of the chosen group (empty for All or an unknown group). */
export function childTabs(groups: readonly CurrencyTab[], fid: number): CurrencyTab[] {
  return groups.find((group) => group.id === fid)?.child ?? [];
}
