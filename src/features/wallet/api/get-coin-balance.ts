import { api, type ApiResult } from '../../../lib/api-client.ts';

export interface CoinBalance {
  coin: string;
  decimals: number;
  /** One entry per open account type. */
  balance_list: { type: number; name: string; balance: string; dbalance: string }[];
}

/** POST /api/User/getCoinBalance (c_id): one coin's balance in each open account type. */
export function getCoinBalance(coinId: number): Promise<ApiResult<CoinBalance>> {
  return api.post<CoinBalance>('/User/getCoinBalance', { c_id: coinId }, { quiet: true });
}
