import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { SpotMode, SpotSide } from './spot-rules.ts';

/**
 * POST /api/Trade/upbbbuy: m_id, num, price, operate_type, amount,
 * type; a stop-limit (operate_type 3) adds trigger_price and sends price and num as a limit order does.
 */
export interface PlaceSpotOrderInput {
  mId: number;
  side: SpotSide;
  mode: SpotMode;
  price: string;
  quantity: string;
  amount: string;
  /** A stop-limit's trigger price; unused otherwise. */
  trigger?: string;
}

export function placeSpotOrder(input: PlaceSpotOrderInput): Promise<ApiResult<unknown>> {
  const priced = input.mode !== 2;
  return api.post(
    '/Trade/upbbbuy',
    {
      m_id: input.mId,
      type: input.side,
      operate_type: input.mode,
      price: priced ? input.price.trim() : '',
      num: priced || input.side === 2 ? input.quantity.trim() : '',
      amount: !priced && input.side === 1 ? input.amount.trim() : '',
      ...(input.mode === 3 ? { trigger_price: (input.trigger ?? '').trim() } : {}),
    },
    { successToast: true, lock: 'upbbbuy' },
  );
}
