import type { FastifyPluginAsync } from 'fastify';
import { balanceRoutes } from './balance-routes.ts';
import { depositRoutes } from './deposit-routes.ts';
import { exchangeRoutes } from './exchange-routes.ts';
import { recordRoutes } from './record-routes.ts';
import { transferRoute } from './transfer-route.ts';
import { withdrawRoutes } from './withdraw-routes.ts';

/**
 * The wallet's calls: balances and records, transfers between own accounts, deposits,
 * withdrawals and flash exchange, on the wallet services the wallet plugin decorates (plugins/wallet.ts).
 */
export const walletRoutes: FastifyPluginAsync = async (fastify) => {
  for (const plugin of [balanceRoutes, recordRoutes, transferRoute, depositRoutes, withdrawRoutes, exchangeRoutes])
    await fastify.register(plugin);
};
