import { api, type ApiResult } from '../../../lib/api-client.ts';

/** One coin of one account (docs/product-rules.md#assets). Amounts are decimal strings. */
export interface BalanceInfo {
  coinId: number;
  coinName: string;
  logo: string;
  /** Available. */
  balance: string;
  /** Frozen. */
  dbalance: string;
  /** USDT value of available + frozen when the server answered ('' when it had no price). */
  all_zhprice: string;
  /** The USDT price that value is at ('' when nothing is held or there was no price). */
  price: string;
}

export interface AccountBalances {
  type: number;
  name: string;
  totalAvailableAsset: string;
  balanceInfo: BalanceInfo[];
}

export interface BalanceList {
  all_price: string;
  coinList: AccountBalances[];
}

/** POST /api/User/getUserBalanceList: every open account type with its coins. */
export function getBalanceList(): Promise<ApiResult<BalanceList>> {
  return api.post<BalanceList>('/User/getUserBalanceList', undefined, { quiet: true });
}
