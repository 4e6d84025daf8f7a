import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { JobRunner } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner: features register their jobs on it while the app is being built. */
    jobs: JobRunner;
  }
}

export interface JobsPluginOptions {
  /** The runner's clock (default Date.now). */
  now?: () => number;
  tickMs?: number;
}

/**
 * Decorates `fastify.jobs` (needs `fastify.db`). When the app is ready the runner does a first run
 * of every registered job (catching up whatever fell due while the server was down) and starts its
 * timer; on close it stops before the database closes (preClose runs before every onClose hook).
 */
const jobs: FastifyPluginAsync<JobsPluginOptions> = async (fastify, { now = Date.now, tickMs }) => {
  const runner = new JobRunner({
    db: fastify.db,
    now,
    tickMs,
    log: { info: (message) => fastify.log.info(message), error: (message) => fastify.log.error(message) },
  });
  fastify.decorate('jobs', runner);
  fastify.addHook('onReady', async () => runner.start());
  fastify.addHook('preClose', async () => runner.stop());
};

export const jobsPlugin = fastifyPlugin(jobs, { name: 'jobs', fastify: '5.x' });
