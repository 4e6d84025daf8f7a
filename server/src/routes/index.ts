import type { FastifyInstance } from 'fastify';
import { apiRoutes, type ApiOptions } from './api/index.ts';
import { feedPlugin } from '../feed/index.ts';
import { clockRoutes } from './test/clock.ts';
import { testRoutes } from './test/outbox.ts';

/** Every route of the server: the app API under /api (docs/product-rules.md#calls-and-answers), then the HTX market feed and REST. */
export async function registerRoutes(fastify: FastifyInstance, options: ApiOptions = {}): Promise<void> {
  await fastify.register(apiRoutes, { prefix: '/api', ...options });
  await fastify.register(feedPlugin);
  if (fastify.config.testRoutes) {
    await fastify.register(testRoutes);
    await fastify.register(clockRoutes);
  }
}
