import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { createEarn, type Earn } from '../domain/earn/earn-services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The earn services: loans, lock mining, staking and internal transfers. */
    earn: Earn;
  }
}

/**
 * Decorates `earn`, one set of services for loans, lock mining, staking and internal transfers, and
 * registers their jobs on the app's job runner (mining interest, staking revenue, transfers arriving).
 */
const earn: FastifyPluginAsync = async (fastify) => {
  const ctx = fastify.apiContext;
  const services = createEarn({ db: ctx.db, users: ctx.users, reviews: ctx.reviews, now: ctx.now });
  fastify.decorate('earn', services);
  for (const job of services.jobs()) fastify.jobs.register(job);
};

export const earnPlugin = fastifyPlugin(earn, { name: 'earn', fastify: '5.x', dependencies: ['api-context', 'jobs'] });
