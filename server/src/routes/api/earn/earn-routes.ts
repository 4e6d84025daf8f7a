import type { ApiPlugin } from '../context.ts';
import { internalTransferRoutes } from '../wallet/internal-transfer-routes.ts';
import { stakingRoutes } from './staking/staking-routes.ts';
import { loanRoutes } from './loans/loan-routes.ts';
import { machineRoutes } from './mining/machine-routes.ts';

/**
 * The earn products: loans (api/Loan), lock mining (api/Machine), staking and internal
 * transfers (api/Balance), on the earn services the earn plugin decorates (plugins/earn.ts).
 */
export const earnRoutes: ApiPlugin = async (fastify) => {
  for (const plugin of [loanRoutes, machineRoutes, stakingRoutes, internalTransferRoutes])
    await fastify.register(plugin);
};
