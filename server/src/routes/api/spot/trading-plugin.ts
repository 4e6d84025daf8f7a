import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { FeedMarketPort } from '../../../domain/feed-market-port.ts';
import type { MarketPort } from '../../../domain/market-port.ts';
import { createTrading, type Trading } from '../../../domain/trading.ts';
import type { ApiContext } from '../context.ts';
import { contradeRoutes } from '../options/contrade-routes.ts';
import { marketListRoutes } from '../markets/market-list-routes.ts';
import { tradeRoutes } from './trade-routes.ts';

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
