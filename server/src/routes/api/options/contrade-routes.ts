import Type from 'typebox';
import type { MarketRow } from '../../../db/repositories/market-repository.ts';
import type { OptionOrderRow } from '../../../db/repositories/option-repository.ts';
import { ppmToRate } from '../../../domain/fees.ts';
import { formatTrimmed, formatUnits, UNIT_DECIMALS } from '../../../domain/money.ts';
import { reject } from '../../../domain/rejection.ts';
import type { Trading } from '../../../domain/trading.ts';
import { pageOf } from '../../../http/contract/answers.ts';
import { amount, choice, id, int, messages, paging, withDefault } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type TradingPlugin } from '../context.ts';
import { optionOrderView, OptionOrderView, percentText } from './option-order-view.ts';

function view(trading: Trading, order: OptionOrderRow, lang: string): OptionOrderView {
  const market = trading.markets.marketById(order.market_id) as MarketRow;
  const coin = trading.markets.coinById(order.coin_id);
  return optionOrderView(order, market, coin?.title ?? '', trading.now(), lang);
}

const HyConfig = Type.Object({
  hy_numcolstmp: Type.String({ description: 'Quantity multipliers, e.g. "1,3,5,10"' }),
  hy_price_type: Type.Integer({ description: '2: quantities are multiplier x the minimum' }),
  coinname: Type.String(),
  balance: Type.String({
    description: "The caller's available stake coin in the options account ('0.00000000' without a token)",
  }),
  hytime: Type.String({ description: 'Durations in seconds, e.g. "30,60,120,300"' }),
  hy_ykbl: Type.String({ description: 'Payout percent per duration, same order' }),
  hymin: Type.String({ description: 'Minimum stake per duration, same order' }),
  fee_rate: Type.String({
    description: 'Stake fee as a fraction ("0" none); creatorder debits stake + stake x fee_rate rounded down to 1e-8',
  }),
  amount_precision: Type.Integer({ description: 'The most decimals creatorder accepts in a stake' }),
  durations: Type.Array(Type.Object({ time: Type.Integer(), ykbl: Type.String(), min: Type.String() })),
});

/** Second-contract calls of docs/product-rules.md#options (POST). Refusals answer code 0 with the message. */
export const contradeRoutes: TradingPlugin = async (fastify) => {
  const { apiContext: ctx, trading } = fastify;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Contrade/getHyConfig',
    summary: "The options configuration: durations, payout percents, minimums, multipliers, fee, the caller's balance",
    auth: 'optional',
    answer: HyConfig,
    handler: ({ user }) => {
      const { settings, coin, durations } = trading().contracts.config();
      const balance = user
        ? trading().ledger.balance({ userId: user.id, coinId: coin.id, accountType: settings.account_type }).available
        : 0n;
      const list = durations.map((d) => ({
        time: d.seconds,
        ykbl: percentText(d.payout_bp),
        min: formatTrimmed(d.min_stake),
      }));
      return ok({
        hy_numcolstmp: settings.multipliers,
        hy_price_type: settings.price_type,
        coinname: coin.title,
        balance: formatUnits(balance),
        hytime: list.map((d) => d.time).join(','),
        hy_ykbl: list.map((d) => d.ykbl).join(','),
        hymin: list.map((d) => d.min).join(','),
        fee_rate: ppmToRate(settings.fee_ppm),
        amount_precision: Math.min(coin.decimals, UNIT_DECIMALS),
        durations: list,
      });
    },
  });

  route({
    method: 'POST',
    url: '/Contrade/creatorder',
    summary: 'Opens a second contract: buy up (buytype 1) or down (2) for ctime seconds with stake ctzed',
    description:
      "The payout percent is the server's for that duration, never the client's. An identical order within 2 s is refused.",
    auth: 'required',
    once: 'trade.duplicate',
    fields: {
      m_id: id(messages('market.unknown')),
      buytype: choice([1, 2], messages('option.directionInvalid')),
      ctime: int(messages('option.durationInvalid'), { min: 1, max: 86_400 }),
      ctzed: amount({ required: 'option.amountRequired', invalid: 'option.amountInvalid', tooLarge: 'trade.tooLarge' }),
    },
    answer: Type.Object({
      order_id: Type.Integer(),
      buyprice: Type.String({ description: "The buy price: the feed's last trade price at the creation instant" }),
      ykbl: Type.String({ description: 'The payout percent applied' }),
    }),
    handler: ({ fields, user, t }) => {
      const orderId = trading().contracts.create(user.id, {
        marketId: fields.m_id,
        direction: fields.buytype,
        seconds: fields.ctime,
        stake: fields.ctzed,
      });
      // The app draws the buy price on the chart while the order runs, and its running result from it.
      const order = trading().options.find(orderId) as OptionOrderRow;
      return ok(
        { order_id: orderId, buyprice: order.buy_price, ykbl: percentText(order.payout_bp) },
        t('option.placed'),
      );
    },
  });

  route({
    method: 'POST',
    url: '/Contrade/getHyOrderInfo',
    summary: 'One order of the caller, settled first if its expiry has passed',
    auth: 'required',
    fields: { order_id: id(messages('option.orderNotFound')) },
    answer: OptionOrderView,
    handler: ({ fields, user, lang }) => {
      const order = trading().contracts.order(user.id, fields.order_id);
      if (!order) reject('option.orderNotFound');
      return ok(view(trading(), order, lang));
    },
  });

  route({
    method: 'POST',
    url: '/Contrade/getHyOrderList',
    summary: "The caller's orders, newest first: status 1 in progress, 2 settled (due orders are settled first)",
    auth: 'required',
    fields: {
      status: withDefault(choice([1, 2], messages('option.listInvalid')), 1),
      ...paging(messages('option.listInvalid')),
    },
    answer: pageOf(OptionOrderView),
    handler: ({ fields, user, lang }) => {
      trading().contracts.settleDue(user.id);
      const { rows, total } = trading().options.page(user.id, fields.status, fields.page, fields.limit);
      return ok({ list: rows.map((row) => view(trading(), row, lang)), total });
    },
  });
};
