import type { MarketRow } from '../../../db/repositories/market-repository.ts';
import type { Trading } from '../../../domain/trading.ts';
import { ok } from '../../../http/envelope.ts';
import { intField } from '../fields.ts';
import type { TradingPlugin } from '../trade/trading-plugin.ts';
import { marketItem, type MarketItemView } from './market-item.ts';

/** Items of the given pairs that the feed serves right now, in display order. */
function items(trading: Trading, rows: readonly MarketRow[]): MarketItemView[] {
  const pairs = new Map(trading.market.pairs().map((pair) => [pair.symbol, pair]));
  const list: MarketItemView[] = [];
  for (const row of rows) {
    const pair = pairs.get(row.symbol);
    const ticker = pair && trading.market.ticker(row.symbol);
    if (pair && ticker) list.push(marketItem(row, pair, ticker));
  }
  return list;
}

/** A currency tab (spec §3): {id, currency_name, child: [tabs]}. */
interface CurrencyTab {
  id: number;
  currency_name: string;
  child: CurrencyTab[];
}

/** Public market lists of spec §7 (POST, no token), built from the feed's pairs and live 24 h tickers. */
export const marketListRoutes: TradingPlugin = async (fastify, { trading }) => {
  /** Home list: data = {list: MarketItem[]} of every pair open for trading. */
  fastify.post('/index/getMarketList', async () => ok({ list: items(trading(), trading().markets.markets().filter((m) => m.spot_enabled || m.option_enabled)) }));

  /** data = {list: CurrencyTab[]}: the groups (e.g. USDT), each with its child tabs (Main, Altcoins). */
  fastify.post('/index/getAllCurrencyList', async () => {
    const tabs = trading().markets.tabs();
    const tree = (parent: number | null): CurrencyTab[] =>
      tabs.filter((tab) => tab.parent_id === parent).map((tab) => ({ id: tab.id, currency_name: tab.name, child: tree(tab.id) }));
    return ok({ list: tree(null) });
  });

  /**
   * fid (group id), eid (child id) -> data = {list: MarketItem[]}. eid 0 or absent: every child of
   * the group (the All filter); fid 0 or absent as well: every pair. Unknown ids give an empty list.
   */
  fastify.post('/index/getAllMarketList', async (request) => {
    const fid = intField(request, 'fid', 0) ?? -1;
    const eid = intField(request, 'eid', 0) ?? -1;
    const parentOf = new Map(trading().markets.tabs().map((tab) => [tab.id, tab.parent_id]));
    const rows = trading()
      .markets.markets()
      .filter((m) => m.spot_enabled || m.option_enabled)
      .filter((m) => (eid !== 0 ? m.tab_id === eid : fid === 0 || parentOf.get(m.tab_id) === fid || m.tab_id === fid));
    return ok({ list: items(trading(), rows) });
  });
};
