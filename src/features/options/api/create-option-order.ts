import { api, type ApiResult } from '../../../lib/api-client.ts';

/** POST /api/Contrade/creatorder (docs/product-rules.md#options): buytype 1 up, 2 down; ctime one of hytime; ctzed the stake. */
export interface CreateOptionOrderInput {
  mId: number;
  ctime: number;
  ctzed: string;
  buytype: 1 | 2;
}

/** The placed order: its id, its buy price and the payout percent it keeps. */
export interface PlacedOptionOrder {
  order_id: number;
  buyprice: string;
  ykbl: string;
}

export function createOptionOrder(input: CreateOptionOrderInput): Promise<ApiResult<PlacedOptionOrder>> {
  return api.post<PlacedOptionOrder>(
    '/Contrade/creatorder',
    { m_id: input.mId, ctime: input.ctime, ctzed: input.ctzed.trim(), buytype: input.buytype },
    { successToast: true, lock: 'creatorder' },
  );
}
