import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { SpotOrder } from '../../../../workers/shared/protocol.ts';

/** The record as the server answers it: spec §3 fields plus the pair and the limit price. */
export interface SpotOrderRecord extends SpotOrder {
  title?: string;
  symbol?: string;
  xjprice?: string;
  amount?: string;
  tradetime?: string;
  status_text?: string;
}

export const SPOT_PAGE_SIZE = 10;

/** POST /api/Trade/getOrderList: type 0 all / 1 buy / 2 sell, status 1 open / 2 completed / 3 cancelled, page size 10. */
export function getSpotOrders(type: 0 | 1 | 2, status: 1 | 2 | 3, page: number): Promise<ApiResult<{ list: SpotOrderRecord[] }>> {
  return api.post<{ list: SpotOrderRecord[] }>('/Trade/getOrderList', { type, status, page, limit: SPOT_PAGE_SIZE }, { quiet: true });
}
