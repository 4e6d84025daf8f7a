import Type, { type TSchema } from 'typebox';
import type { MarketRow } from '../../../db/repositories/market-repository.ts';
import type { Trading } from '../../../domain/trading.ts';
import { int, messages, withDefault } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type TradingPlugin } from '../context.ts';
import { marketItem, MarketItemSchema, type MarketItemView } from './market-item.ts';

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

/** A currency tab (docs/product-rules.md#market-lists): two levels, as the market screen shows them: a group and its children (which have none). */
const tab = (child: TSchema) =>
  Type.Object({ id: Type.Integer(), currency_name: Type.String(), child: Type.Array(child) });
const CurrencyTabSchema = tab(tab(Type.Never()));

const tabId = withDefault(int(messages('common.badRequest'), { min: 0, max: Number.MAX_SAFE_INTEGER }), 0);

/** Public market lists of docs/product-rules.md#market-lists (POST, no token), built from the feed's pairs and live 24 h tickers. */
export const marketListRoutes: TradingPlugin = async (fastify) => {
  const { apiContext: ctx, trading } = fastify;
  const route = declareRoutes(fastify, ctx);
  const list = Type.Object({ list: Type.Array(MarketItemSchema) });

  route({
    method: 'POST',
    url: '/index/getMarketList',
    summary: 'The home list: every pair open for trading',
    auth: 'none',
    answer: list,
    handler: () =>
      ok({
        list: items(
          trading(),
          trading()
            .markets.markets()
            .filter((m) => m.spot_enabled || m.option_enabled),
        ),
      }),
  });

  route({
    method: 'POST',
    url: '/index/getAllCurrencyList',
    summary: 'The currency groups (e.g. USDT), each with its child tabs (Main, Altcoins)',
    auth: 'none',
    answer: Type.Object({ list: Type.Array(CurrencyTabSchema) }),
    handler: () => {
      const tabs = trading().markets.tabs();
      const childrenOf = (parent: number) =>
        tabs
          .filter((row) => row.parent_id === parent)
          .map((row) => ({ id: row.id, currency_name: row.name, child: [] }));
      return ok({
        list: tabs
          .filter((row) => row.parent_id === null)
          .map((row) => ({ id: row.id, currency_name: row.name, child: childrenOf(row.id) })),
      });
    },
  });

  route({
    method: 'POST',
    url: '/index/getAllMarketList',
    summary: 'The pairs of a group (fid) and child tab (eid)',
    description:
      'eid 0 or absent: every child of the group (the All filter); fid 0 or absent as well: every pair. Unknown ids give an empty list.',
    auth: 'none',
    fields: { fid: tabId, eid: tabId },
    answer: list,
    handler: ({ fields: { fid, eid } }) => {
      const parentOf = new Map(
        trading()
          .markets.tabs()
          .map((row) => [row.id, row.parent_id]),
      );
      const rows = trading()
        .markets.markets()
        .filter((m) => m.spot_enabled || m.option_enabled)
        .filter((m) =>
          eid !== 0 ? m.tab_id === eid : fid === 0 || parentOf.get(m.tab_id) === fid || m.tab_id === fid,
        );
      return ok({ list: items(trading(), rows) });
    },
  });
};
