import { createEarn } from '../../../domain/earn/earn-services.ts';
import type { ApiPlugin } from '../context.ts';
import { internalTransferRoutes } from '../wallet/internal-transfer-routes.ts';
import { stakingRoutes } from './staking/staking-routes.ts';
import { loanRoutes } from './loans/loan-routes.ts';
import { machineRoutes } from './mining/machine-routes.ts';

/**
 * The earn products of issue 13: loans (api/Loan), lock mining (api/Machine), staking and internal
 * transfers (api/Balance), on one set of services, and their jobs on the app's job runner (mining
 * interest, staking revenue, transfers arriving).
 */
export const earnRoutes: ApiPlugin = async (fastify, { ctx }) => {
  const earn = createEarn({ db: ctx.db, users: ctx.users, reviews: ctx.reviews, now: ctx.now });
  for (const plugin of [loanRoutes, machineRoutes, stakingRoutes, internalTransferRoutes]) await fastify.register(plugin, { ctx, earn });
  for (const job of earn.jobs()) fastify.jobs.register(job);
};
