import Type from 'typebox';
import { formatUnits } from '../../../domain/money.ts';
import { reject } from '../../../domain/rejection.ts';
import { SPOT_ACCOUNT_TYPE } from '../../../domain/spot-trading.ts';
import type { Trading } from '../../../domain/trading.ts';
import type { MarketRow } from '../../../db/repositories/market-repository.ts';
import type { SpotOrderRow } from '../../../db/repositories/spot-order-repository.ts';
import { pageOf } from '../../../http/contract/answers.ts';
import {
  amount,
  choice,
  id,
  int,
  messages,
  optional,
  paging,
  withDefault,
  type FieldMessages,
} from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type TradingPlugin } from '../context.ts';
import { spotOrderView, SpotOrderView } from './spot-order-view.ts';

function view(trading: Trading, order: SpotOrderRow, lang: string): SpotOrderView {
  const market = trading.markets.marketById(order.market_id) as MarketRow;
  const pair = trading.market.pairs().find((p) => p.symbol === market.symbol) ?? {
    pricePrecision: 8,
    amountPrecision: 8,
  };
  return spotOrderView(order, market, pair, lang);
}

const amountMessages = (field: 'price' | 'num' | 'amount' | 'trigger'): FieldMessages => ({
  required: `trade.${field}Required` as const,
  invalid: `trade.${field}Invalid` as const,
  zero: `trade.${field}Invalid` as const,
  tooLarge: 'trade.tooLarge',
});

const listInvalid = messages('trade.listInvalid');

/** Spot trading calls of docs/product-rules.md#spot-orders (POST, Token required). Refusals answer code 0 with the message. */
export const tradeRoutes: TradingPlugin = async (fastify) => {
  const { apiContext: ctx, trading } = fastify;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Trade/getMarketBalance',
    summary: 'The available and frozen quote and base coin of a pair, in account type 1',
    auth: 'required',
    fields: { m_id: id(messages('market.unknown')) },
    answer: Type.Object({
      usdt_balance: Type.String(),
      coin_balance: Type.String(),
      usdt_frozen: Type.String(),
      coin_frozen: Type.String(),
      coinname: Type.String(),
      trade_coin: Type.String(),
    }),
    handler: ({ fields, user }) => {
      const market = trading().markets.marketById(fields.m_id);
      if (!market) reject('market.unknown');
      const quote = trading().ledger.balance({
        userId: user.id,
        coinId: market.quote_coin_id,
        accountType: SPOT_ACCOUNT_TYPE,
      });
      const base = trading().ledger.balance({
        userId: user.id,
        coinId: market.base_coin_id,
        accountType: SPOT_ACCOUNT_TYPE,
      });
      return ok({
        usdt_balance: formatUnits(quote.available),
        coin_balance: formatUnits(base.available),
        usdt_frozen: formatUnits(quote.frozen),
        coin_frozen: formatUnits(base.frozen),
        coinname: market.base_title,
        trade_coin: market.quote_title,
      });
    },
  });

  route({
    method: 'POST',
    url: '/Trade/upbbbuy',
    summary: 'Places a spot order',
    description:
      'Limit (operate_type 1): price and num; a limit at or better than the book takes the book at once at its prices, the rest rests. ' +
      'Market buy: amount, the quote value to spend. Market sell: num. ' +
      'Stop-limit (operate_type 3): trigger_price, price and num; it waits (status 4) until a print reaches trigger_price ' +
      '(at or above it when it was above the last price at placement, at or below when below; equal to the last price is refused), ' +
      'then is a limit order at price. ' +
      'data is the order record (a market order comes back completed); msg "Order filled" when it completed at once, else "Order placed". ' +
      'An identical order within 2 s is refused.',
    auth: 'required',
    once: 'trade.duplicate',
    fields: {
      m_id: id(messages('market.unknown')),
      type: choice([1, 2], messages('trade.sideInvalid')),
      operate_type: choice([1, 2, 3], messages('trade.orderTypeInvalid')),
      price: optional(amount(amountMessages('price'))),
      trigger_price: optional(amount(amountMessages('trigger'))),
      amount: optional(amount(amountMessages('amount'))),
      num: optional(amount(amountMessages('num'))),
    },
    requireWhen: [
      { when: { operate_type: 1 }, require: ['price', 'num'] },
      { when: { operate_type: 2, type: 1 }, require: ['amount'] },
      { when: { operate_type: 2, type: 2 }, require: ['num'] },
      { when: { operate_type: 3 }, require: ['trigger_price', 'price', 'num'] },
    ],
    answer: SpotOrderView,
    handler: ({ fields, user, lang, t }) => {
      const order = trading().spot.place(user.id, {
        marketId: fields.m_id,
        side: fields.type,
        orderType: fields.operate_type,
        price: fields.price,
        num: fields.num,
        amount: fields.amount,
        triggerPrice: fields.trigger_price,
      });
      return ok(view(trading(), order, lang), t(order.status === 2 ? 'trade.filled' : 'trade.placed'));
    },
  });

  route({
    method: 'POST',
    url: '/Trade/getOrderList',
    summary: "The caller's spot orders, newest first",
    description:
      'type 0 (all), 1 buy, 2 sell; status 1 every cancellable order (open, and stop-limits waiting for their trigger: each ' +
      "record's own status says which), 2 completed, 3 cancelled, 4 only the waiting stop-limits; m_id 0 or absent: every pair.",
    auth: 'required',
    fields: {
      type: withDefault(choice([0, 1, 2], listInvalid), 0),
      status: withDefault(choice([1, 2, 3, 4], listInvalid), 1),
      ...paging(listInvalid),
      m_id: withDefault(int(listInvalid, { min: 0, max: Number.MAX_SAFE_INTEGER }), 0),
    },
    answer: pageOf(SpotOrderView),
    handler: ({ fields, user, lang }) => {
      // Fills the feed already printed show up in this answer.
      trading().market.flushTrades();
      const { rows, total } = trading().spotOrders.page(
        user.id,
        { status: fields.status, side: fields.type, marketId: fields.m_id },
        fields.page,
        fields.limit,
      );
      return ok({ list: rows.map((row) => view(trading(), row, lang)), total });
    },
  });

  route({
    method: 'POST',
    url: '/Trade/cancelOrder',
    summary:
      'Cancels an open or waiting order of the caller and unfreezes what it still held; fills already taken are kept',
    auth: 'required',
    fields: { bb_id: id(messages('trade.orderNotFound')) },
    answer: SpotOrderView,
    handler: ({ fields, user, lang, t }) => {
      const order = trading().spot.cancel(user.id, fields.bb_id);
      return ok(view(trading(), order, lang), t('trade.cancelled'));
    },
  });

  route({
    method: 'POST',
    url: '/Trade/cancelAll',
    summary:
      'Cancels every open and waiting order of the caller (of one pair, or of all), each unfreezing what it still held',
    description:
      'm_id 0 or absent: every pair. One transaction; fills already taken are kept. data.cancelled: how many it cancelled (0 when none was open).',
    auth: 'required',
    once: 'trade.duplicate',
    fields: { m_id: withDefault(int(messages('market.unknown'), { min: 0, max: Number.MAX_SAFE_INTEGER }), 0) },
    answer: Type.Object({ cancelled: Type.Integer({ minimum: 0 }) }),
    handler: ({ fields, user, t }) => {
      if (fields.m_id !== 0 && !trading().markets.marketById(fields.m_id)) reject('market.unknown');
      const cancelled = trading().spot.cancelAll(user.id, fields.m_id);
      return ok({ cancelled }, t('trade.cancelledAll', { count: cancelled }));
    },
  });
};
