import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { OptionsOrder } from '../../../../common/protocol.ts';

/** The order as the server answers it: docs/product-rules.md#options fields plus the settlement details it records. */
export interface OptionOrderRecord extends OptionsOrder {
  symbol?: string;
  payout?: string;
  ykbl?: string;
  fee?: string;
  stake_coin?: string;
  sellprice_ts?: number | null;
  /** The market trades that set the buy and settlement prices (verifiable settlement). */
  buy_trade_id?: string | null;
  buy_trade_ts?: number | null;
  sell_trade_id?: string | null;
  sell_trade_ts?: number | null;
}

export const OPTION_PAGE_SIZE = 10;

/** POST /api/Contrade/getHyOrderList: status 1 in progress, 2 settled; page size 10 (docs/product-rules.md#options). */
export function getOptionOrders(
  status: 1 | 2,
  page: number,
): Promise<ApiResult<{ list: OptionOrderRecord[]; total?: number }>> {
  return api.post<{ list: OptionOrderRecord[]; total?: number }>(
    '/Contrade/getHyOrderList',
    { status, page, limit: OPTION_PAGE_SIZE },
    { quiet: true },
  );
}
