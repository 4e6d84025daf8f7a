import type { ServerConfig } from '../config.ts';
import { ReviewDecisionError, type Reviews } from '../domain/reviews.ts';
import type { Job } from './job.ts';

export const REVIEW_AUTO_APPROVAL_JOB = 'review:auto-approve';

/**
 * REVIEW_AUTO_SECONDS as it applies: only a demo server (SEED_DEMO=1) approves by itself, so a new
 * user sees a deposit or an identity check go through; 0 (or less) turns it off.
 */
export function reviewAutoSeconds(config: Pick<ServerConfig, 'seedDemo' | 'reviewAutoSeconds'>): number {
  return config.seedDemo && config.reviewAutoSeconds > 0 ? config.reviewAutoSeconds : 0;
}

/**
 * Approves, as decided by `auto`, every pending review submitted at least `seconds` ago (of the
 * kinds that take automatic approval), each as one unit. It runs at every tick of the runner (one
 * indexed query), so a review is approved within a tick of falling due; a review that fell due
 * while the server was down is approved on the next start. A review an operator decided meanwhile is left
 * as the operator decided it.
 */
export function reviewAutoApprovalJob(reviews: Reviews, seconds: number): Job {
  if (!(seconds > 0)) throw new Error(`automatic approval needs a delay above 0 seconds, got ${seconds}`);
  return {
    name: REVIEW_AUTO_APPROVAL_JOB,
    run(ctx) {
      for (const review of reviews.autoApprovable(ctx.now - seconds * 1000)) {
        ctx.unit(`review ${review.id}`, () => {
          try {
            reviews.approve(review.id, 'auto');
          } catch (error) {
            if (!(error instanceof ReviewDecisionError && error.problem === 'decided')) throw error;
          }
        });
      }
    },
  };
}
