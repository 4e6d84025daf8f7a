import type { MarketRow } from '../../../db/repositories/market-repository.ts';
import type { OptionOrderRow } from '../../../db/repositories/option-repository.ts';
import { submitKey } from '../../../domain/duplicate-guard.ts';
import { ppmToRate } from '../../../domain/fees.ts';
import { formatTrimmed, formatUnits, UNIT_DECIMALS } from '../../../domain/money.ts';
import type { OptionOrderFields } from '../../../domain/options-trading.ts';
import { reject } from '../../../domain/trade-rejection.ts';
import type { Trading } from '../../../domain/trading.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLang } from '../../../http/lang.ts';
import { t } from '../../../i18n/index.ts';
import { intField, trimmedField } from '../fields.ts';
import { answer, type TradingPlugin } from '../trade/trading-plugin.ts';
import { optionOrderView, percentText, type OptionOrderView } from './option-order-view.ts';

const MAX_LIMIT = 50;

function view(trading: Trading, order: OptionOrderRow, lang: string): OptionOrderView {
  const market = trading.markets.marketById(order.market_id) as MarketRow;
  const coin = trading.markets.coinById(order.coin_id);
  return optionOrderView(order, market, coin?.title ?? '', trading.now(), lang);
}

/** Second-contract calls of spec §7 (POST). Refusals answer code 0 with the message. */
export const contradeRoutes: TradingPlugin = async (fastify, { ctx, trading }) => {
  /**
   * data = {hy_numcolstmp "1,3,5,10", hy_price_type 2, coinname "USDT", balance (the caller's
   * available stake coin in the options account, "0.00000000" without a token), hytime "30,60,120,300"
   * (seconds), hy_ykbl "80,85,90,95" (payout percent per duration, same order), hymin "10,20,50,100"
   * (minimum stake per duration), fee_rate (stake fee as a fraction, "0" = none; creatorder debits
   * stake + stake x fee_rate rounded down to 1e-8), amount_precision (the most decimals creatorder
   * accepts in a stake: the options coin's decimals, at most 8), durations: [{time, ykbl, min}] (the
   * same three lists, zipped)}.
   */
  fastify.post('/Contrade/getHyConfig', async (request) => {
    const authed = ctx.auth.optional(request);
    const { settings, coin, durations } = trading().contracts.config();
    const balance = authed ? trading().ledger.balance({ userId: authed.user.id, coinId: coin.id, accountType: settings.account_type }).available : 0n;
    const list = durations.map((d) => ({ time: d.seconds, ykbl: percentText(d.payout_bp), min: formatTrimmed(d.min_stake) }));
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
  });

  /**
   * m_id, ctime (seconds, one of hytime), ctzed (stake), buytype (1 up, 2 down) -> data = {order_id},
   * msg "Order placed". The payout percent is the server's for that duration; an identical submit
   * within 2 s is refused.
   */
  fastify.post('/Contrade/creatorder', async (request) => {
    const { user } = ctx.auth.require(request);
    const lang = requestLang(request);
    const fields: OptionOrderFields = {
      m_id: trimmedField(request, 'm_id'),
      ctime: trimmedField(request, 'ctime'),
      ctzed: trimmedField(request, 'ctzed'),
      buytype: trimmedField(request, 'buytype'),
    };
    const key = submitKey(user.id, 'creatorder', { ...fields });
    return answer(request, () => {
      if (!trading().guard.claim(key)) reject('trade.duplicate');
      try {
        return ok({ order_id: trading().contracts.create(user.id, fields) }, t(lang, 'option.placed'));
      } catch (error) {
        trading().guard.release(key);
        throw error;
      }
    });
  });

  /** order_id -> data = the order (OptionOrderView), settled first if its expiry has passed. */
  fastify.post('/Contrade/getHyOrderInfo', async (request) => {
    const { user } = ctx.auth.require(request);
    const lang = requestLang(request);
    return answer(request, () => {
      const id = trimmedField(request, 'order_id');
      const order = /^\d{1,12}$/.test(id) ? trading().contracts.order(user.id, Number(id)) : null;
      if (!order) reject('option.orderNotFound');
      return ok(view(trading(), order, lang));
    });
  });

  /**
   * status (1 in progress, 2 settled; default 1), page (default 1), limit (default 10, at most 50)
   * -> data = {list: OptionOrderView[], total}, newest first. Due orders are settled first.
   */
  fastify.post('/Contrade/getHyOrderList', async (request) => {
    const { user } = ctx.auth.require(request);
    const lang = requestLang(request);
    return answer(request, () => {
      const status = intField(request, 'status', 1);
      const page = intField(request, 'page', 1);
      const limit = intField(request, 'limit', 10);
      if (status === null || ![1, 2].includes(status) || page === null || page < 1 || limit === null || limit < 1 || limit > MAX_LIMIT) reject('option.listInvalid');
      trading().contracts.settleDue(user.id);
      const { rows, total } = trading().options.page(user.id, status, page, limit);
      return ok({ list: rows.map((row) => view(trading(), row, lang)), total });
    });
  });
};
