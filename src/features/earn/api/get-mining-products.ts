import { api, type ApiResult } from '../../../lib/api-client.ts';

/** A mining product (docs/product-rules.md#lock-mining) with the caller's balance of its coin. */
export interface MiningProduct {
  id: number;
  title: string;
  img: string;
  coin_title: string;
  c_id: number;
  min_price: string;
  max_price: string;
  /** Daily rates in percent, a comma list in the order of `cycle`. */
  interest_rate: string;
  /** Lock periods in days, a comma list. */
  cycle: string;
  /** 1: orders may be redeemed before their end. */
  type: number;
  redeem_fee_rate: string;
  balance: string;
}

/** POST /api/Machine/getMiningMachineList: every product, or the one with `id`. */
export function getMiningProducts(id?: number): Promise<ApiResult<{ list: MiningProduct[] }>> {
  return api.post<{ list: MiningProduct[] }>('/Machine/getMiningMachineList', { id }, { quiet: true });
}
