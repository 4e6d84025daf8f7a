import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { createApiContext, type ApiContext } from '../routes/api/context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every API route module works with: repositories, the site config, auth, the clock (routes/api/context.ts). */
    apiContext: ApiContext;
  }
}

const apiContext: FastifyPluginAsync = async (fastify) => {
  fastify.decorate(
    'apiContext',
    createApiContext(fastify.db, fastify.config, fastify.siteConfig, () => fastify.clock.now()),
  );
};

/** Decorates `apiContext`: the repositories, auth, duplicate guard and pay password check of the API. */
export const apiContextPlugin = fastifyPlugin(apiContext, {
  name: 'api-context',
  fastify: '5.x',
  dependencies: ['site-setup'],
});

/**
 * The 'api-context' plugin over a context built elsewhere, for test harnesses that run the route
 * modules on their own clock and site config.
 */
export function givenApiContext(ctx: ApiContext) {
  return fastifyPlugin(
    async (fastify) => {
      fastify.decorate('apiContext', ctx);
    },
    { name: 'api-context', fastify: '5.x' },
  );
}
