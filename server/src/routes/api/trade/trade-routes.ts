import { formatUnits } from '../../../domain/money.ts';
import { SPOT_ACCOUNT_TYPE, type SpotOrderFields } from '../../../domain/spot-trading.ts';
import { reject } from '../../../domain/trade-rejection.ts';
import type { Trading } from '../../../domain/trading.ts';
import { submitKey } from '../../../domain/duplicate-guard.ts';
import type { MarketRow } from '../../../db/repositories/market-repository.ts';
import type { SpotOrderRow } from '../../../db/repositories/spot-order-repository.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLang } from '../../../http/lang.ts';
import { t } from '../../../i18n/index.ts';
import { intField, trimmedField } from '../fields.ts';
import { spotOrderView, type SpotOrderView } from './spot-order-view.ts';
import { answer, type TradingPlugin } from './trading-plugin.ts';

const MAX_LIMIT = 50;

function view(trading: Trading, order: SpotOrderRow, lang: string): SpotOrderView {
  const market = trading.markets.marketById(order.market_id) as MarketRow;
  const pair = trading.market.pairs().find((p) => p.symbol === market.symbol) ?? { pricePrecision: 8, amountPrecision: 8 };
  return spotOrderView(order, market, pair, lang);
}

/** Spot trading calls of spec §7 (POST, Token required). Refusals answer code 0 with the message. */
export const tradeRoutes: TradingPlugin = async (fastify, { ctx, trading }) => {
  /**
   * m_id -> data = {usdt_balance, coin_balance, usdt_frozen, coin_frozen, coinname, trade_coin}:
   * the available (and frozen) quote and base coin of the pair in account type 1, 8 decimals.
   */
  fastify.post('/Trade/getMarketBalance', async (request) => {
    const { user } = ctx.auth.require(request);
    return answer(request, () => {
      const mId = trimmedField(request, 'm_id');
      const market = /^\d{1,9}$/.test(mId) ? trading().markets.marketById(Number(mId)) : null;
      if (!market) reject('market.unknown');
      const quote = trading().ledger.balance({ userId: user.id, coinId: market.quote_coin_id, accountType: SPOT_ACCOUNT_TYPE });
      const base = trading().ledger.balance({ userId: user.id, coinId: market.base_coin_id, accountType: SPOT_ACCOUNT_TYPE });
      return ok({
        usdt_balance: formatUnits(quote.available),
        coin_balance: formatUnits(base.available),
        usdt_frozen: formatUnits(quote.frozen),
        coin_frozen: formatUnits(base.frozen),
        coinname: market.base_title,
        trade_coin: market.quote_title,
      });
    });
  });

  /**
   * m_id, type (1 buy, 2 sell), operate_type (1 limit, 2 market), num, price, amount.
   * Limit: price and num. Market buy: amount = the quote value to spend (num is not used).
   * Market sell: num. data = the order record (a market order comes back completed);
   * msg "Order placed" (limit) or "Order filled" (market). An identical submit within 2 s is refused.
   */
  fastify.post('/Trade/upbbbuy', async (request) => {
    const { user } = ctx.auth.require(request);
    const lang = requestLang(request);
    const fields: SpotOrderFields = {
      m_id: trimmedField(request, 'm_id'),
      type: trimmedField(request, 'type'),
      operate_type: trimmedField(request, 'operate_type'),
      num: trimmedField(request, 'num'),
      price: trimmedField(request, 'price'),
      amount: trimmedField(request, 'amount'),
    };
    const key = submitKey(user.id, 'upbbbuy', { ...fields });
    return answer(request, () => {
      if (!trading().guard.claim(key)) reject('trade.duplicate');
      try {
        const order = trading().spot.place(user.id, fields);
        return ok(view(trading(), order, lang), t(lang, order.status === 2 ? 'trade.filled' : 'trade.placed'));
      } catch (error) {
        trading().guard.release(key);
        throw error;
      }
    });
  });

  /**
   * type (0 or absent all, 1 buy, 2 sell), status (1 open, 2 completed, 3 cancelled; default 1),
   * page (default 1), limit (default 10, at most 50), optional m_id (one pair).
   * data = {list: SpotOrderView[], total}, newest first.
   */
  fastify.post('/Trade/getOrderList', async (request) => {
    const { user } = ctx.auth.require(request);
    const lang = requestLang(request);
    return answer(request, () => {
      const side = intField(request, 'type', 0);
      const status = intField(request, 'status', 1);
      const page = intField(request, 'page', 1);
      const limit = intField(request, 'limit', 10);
      const marketId = intField(request, 'm_id', 0);
      if (side === null || ![0, 1, 2].includes(side) || status === null || ![1, 2, 3].includes(status)) reject('trade.listInvalid');
      if (page === null || page < 1 || limit === null || limit < 1 || limit > MAX_LIMIT || marketId === null || marketId < 0) reject('trade.listInvalid');
      // Fills the feed already printed show up in this answer.
      trading().market.flushTrades();
      const { rows, total } = trading().spotOrders.page(user.id, { status, side, marketId }, page, limit);
      return ok({ list: rows.map((row) => view(trading(), row, lang)), total });
    });
  });

  /** bb_id -> cancels an open order of the caller and unfreezes it; data = the order record, msg "Order cancelled". */
  fastify.post('/Trade/cancelOrder', async (request) => {
    const { user } = ctx.auth.require(request);
    const lang = requestLang(request);
    return answer(request, () => {
      const order = trading().spot.cancel(user.id, trimmedField(request, 'bb_id'));
      return ok(view(trading(), order, lang), t(lang, 'trade.cancelled'));
    });
  });
};
