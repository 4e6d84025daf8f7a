import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { FeedMarketPort } from '../../../domain/feed-market-port.ts';
import type { MarketPort } from '../../../domain/market-port.ts';
import { TradeRejection } from '../../../domain/trade-rejection.ts';
import { createTrading, type Trading } from '../../../domain/trading.ts';
import { fail } from '../../../http/envelope.ts';
import { requestLang } from '../../../http/lang.ts';
import { t } from '../../../i18n/index.ts';
import type { ApiContext } from '../context.ts';
import { contradeRoutes } from '../contrade/contrade-routes.ts';
import { marketListRoutes } from '../index-markets/market-list-routes.ts';
import { tradeRoutes } from './trade-routes.ts';

/** What the market-list, spot and options route modules are registered with. */
export interface TradingRouteOptions {
  ctx: ApiContext;
  /** The trading services; available once the app is ready (the feed is registered after the API). */
  trading: () => Trading;
}

export type TradingPlugin = FastifyPluginAsync<TradingRouteOptions>;

export interface TradingPluginOptions {
  ctx: ApiContext;
  /** The market to trade against; by default the app's own feed (`fastify.marketFeed`). */
  market?: MarketPort;
  /** Run the fill and settlement timer (default true); tests that step by hand turn it off. */
  background?: boolean;
  /** Receives the trading services once built (tests step them with `tick()`). */
  onTrading?: (trading: Trading) => void;
}

/** The market port over the app's running feed, which the feed plugin decorates on the root instance. */
export function appMarketPort(fastify: FastifyInstance): MarketPort {
  if (!fastify.hasDecorator('marketFeed')) throw new Error('the market feed is not registered: trading needs it');
  return new FeedMarketPort(fastify.marketFeed);
}

/**
 * Runs a trading action and turns a TradeRejection into the envelope failure (code 0) with its
 * message in the request's language.
 */
export function answer<T>(request: FastifyRequest, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof TradeRejection) throw fail(t(requestLang(request), error.key, error.vars));
    throw error;
  }
}

/**
 * Market lists (api/index/getMarketList, getAllCurrencyList, getAllMarketList), spot trading
 * (api/Trade/*) and second contracts (api/Contrade/*). The services are built when the app is ready,
 * because the feed plugin registers after the API; then the background timer starts.
 */
export const tradingRoutes: FastifyPluginAsync<TradingPluginOptions> = async (fastify, { ctx, market, background = true, onTrading }) => {
  let trading: Trading | undefined;
  const get = (): Trading => {
    if (!trading) throw new Error('trading is not ready yet');
    return trading;
  };
  fastify.addHook('onReady', async () => {
    trading = createTrading({ db: ctx.db, market: market ?? appMarketPort(fastify), now: ctx.now, log: (message) => fastify.log.error(message) });
    if (background) trading.start();
    onTrading?.(trading);
  });
  fastify.addHook('onClose', async () => trading?.stop());

  for (const plugin of [marketListRoutes, tradeRoutes, contradeRoutes]) await fastify.register(plugin, { ctx, trading: get });
};
