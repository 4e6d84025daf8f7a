import type { FastifyPluginAsync } from 'fastify';
import { contradeRoutes } from '../options/contrade-routes.ts';
import { marketListRoutes } from '../markets/market-list-routes.ts';
import { tradeRoutes } from './trade-routes.ts';

/**
 * Market lists (api/index/getMarketList, getAllCurrencyList, getAllMarketList), spot trading
 * (api/Trade/*) and second contracts (api/Contrade/*), on the trading services the trading
 * plugin decorates (plugins/trading.ts).
 */
export const tradingRoutes: FastifyPluginAsync = async (fastify) => {
  for (const plugin of [marketListRoutes, tradeRoutes, contradeRoutes]) await fastify.register(plugin);
};
