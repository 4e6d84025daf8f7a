import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { reviewAutoApprovalJob, reviewAutoSeconds } from '../jobs/review-auto-approval.ts';

/** A demo server approves pending reviews by itself after REVIEW_AUTO_SECONDS (README "Reviews"). */
const reviewAutoApproval: FastifyPluginAsync = async (fastify) => {
  const autoSeconds = reviewAutoSeconds(fastify.config);
  if (autoSeconds > 0) fastify.jobs.register(reviewAutoApprovalJob(fastify.apiContext.reviews, autoSeconds));
};

export const reviewAutoApprovalPlugin = fastifyPlugin(reviewAutoApproval, {
  name: 'review-auto-approval',
  fastify: '5.x',
  dependencies: ['api-context', 'jobs'],
});
