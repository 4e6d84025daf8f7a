import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { SpotOrder } from '../../../../common/protocol.ts';

/**
 * The record as the server answers it: the record fields plus the pair and the limit price. The
 * stop-limit and cost fields are optional: a server from before them leaves them out, and the
 * rows then show what they showed before.
 */
export interface SpotOrderRecord extends SpotOrder {
  title?: string;
  symbol?: string;
  xjprice?: string;
  amount?: string;
  tradetime?: string;
  status_text?: string;
  /** 1 limit, 2 market, 3 stop-limit. */
  operate_type?: number;
  /** A stop-limit's trigger price; '' when none. */
  trigger_price?: string;
  /** When a stop-limit triggered (ms), 0 before. */
  triggered_at?: number;
  fee?: string;
  fee_coin?: string;
  /** The quote value filled. */
  total?: string;
}

/** Order status 4: a stop-limit waiting for its trigger (cancellable, like an open order). */
export const STATUS_WAITING = 4;

/** True for an order the user can still cancel: open (1) or waiting for its trigger (4). */
export const cancellable = (order: Pick<SpotOrder, 'status'>): boolean =>
  order.status === 1 || order.status === STATUS_WAITING;

export const SPOT_PAGE_SIZE = 10;

/**
 * POST /api/Trade/getOrderList: type 0 all / 1 buy / 2 sell, status 1 cancellable (open and
 * waiting for a trigger) / 2 completed / 3 cancelled, page size 10.
 */
export function getSpotOrders(
  type: 0 | 1 | 2,
  status: 1 | 2 | 3,
  page: number,
): Promise<ApiResult<{ list: SpotOrderRecord[] }>> {
  return api.post<{ list: SpotOrderRecord[] }>(
    '/Trade/getOrderList',
    { type, status, page, limit: SPOT_PAGE_SIZE },
    { quiet: true },
  );
}

/** How many cancellable orders the pair `mId` has (the list's total), asked before a cancel-all. */
export async function countCancellable(mId: number): Promise<number | null> {
  const result = await api.post<{ list: SpotOrderRecord[]; total?: number }>(
    '/Trade/getOrderList',
    { type: 0, status: 1, m_id: mId, page: 1, limit: 1 },
    { quiet: true },
  );
  return result.ok && typeof result.data.total === 'number' ? result.data.total : null;
}
