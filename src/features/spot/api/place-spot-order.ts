import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { SpotMode, SpotSide } from './spot-rules.ts';

/** POST /api/Trade/upbbbuy (spec §3 "Spot order (sent)"): m_id, num, price, operate_type, amount, type. */
export interface PlaceSpotOrderInput {
  mId: number;
  side: SpotSide;
  mode: SpotMode;
  price: string;
  quantity: string;
  amount: string;
}

export function placeSpotOrder(input: PlaceSpotOrderInput): Promise<ApiResult<unknown>> {
  const limit = input.mode === 1;
  return api.post(
    '/Trade/upbbbuy',
    {
      m_id: input.mId,
      type: input.side,
      operate_type: input.mode,
      price: limit ? input.price.trim() : '',
      num: limit || input.side === 2 ? input.quantity.trim() : '',
      amount: !limit && input.side === 1 ? input.amount.trim() : '',
    },
    { successToast: true, lock: 'upbbbuy' },
  );
}
