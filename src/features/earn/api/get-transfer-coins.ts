import { api, type ApiResult } from '../../../lib/api-client.ts';

/** A coin that can be sent (docs/product-rules.md#internal-transfers). */
export interface TransferCoin {
  id: number;
  title: string;
  balance: string;
  /** Fee rate as a fraction: "0.001" is 0.1 %, "0" no fee. */
  internal_transfer_sxf: string;
  internal_transfer_days: number;
  /** The most decimals an amount may have. */
  decimals: number;
}

/** POST /api/Balance/getTransferCoin. */
export function getTransferCoins(): Promise<ApiResult<{ list: TransferCoin[] }>> {
  return api.post<{ list: TransferCoin[] }>('/Balance/getTransferCoin', {}, { quiet: true });
}
