import type { Db } from '../db/database.ts';
import { IdentityRepository, RZ_CERTIFIED, RZ_REVIEW } from '../db/repositories/identity-repository.ts';
import { reject } from './rejection.ts';
import type { ReviewKindFactory, Reviews } from './reviews.ts';

/** The review kind of identity verification requests (reviews.kind). */
export const IDENTITY_REVIEW_KIND = 'identity';

/**
 * Identity verification in the review queue: approval certifies the user (rzstatus 2), rejection
 * sets rzstatus 3 with the reason, after which the user may submit again. No balance is held.
 */
export const identityReview: ReviewKindFactory = ({ db }) => {
  const identities = new IdentityRepository(db);
  return {
    name: IDENTITY_REVIEW_KIND,
    approve: ({ review, at }) => identities.decide(review.ref_id, 2, '', at),
    reject: ({ review, reason, at }) => identities.decide(review.ref_id, 3, reason, at),
  };
};

/** A request whose fields passed their rules; the images are the canonical URLs of the user's own uploads. */
export interface IdentitySubmission {
  realName: string;
  frontCard: string;
  backCard: string;
}

/**
 * Puts the user's identity request into the review queue: rzstatus to 1, the request row and its
 * review in one transaction. Refused (nothing written) unless the user awaits certification
 * (rzstatus 0, 3 or any value but 1 and 2, docs/product-rules.md#identity-verification). Returns the request id.
 */
export function submitIdentity(
  db: Db,
  reviews: Reviews,
  userId: number,
  submission: IdentitySubmission,
  now: number,
): number {
  const identities = new IdentityRepository(db);
  return db.transaction(() => {
    if (!identities.startReview(userId)) {
      const status = db.prepare('SELECT rzstatus FROM users WHERE id = ?').pluck().get(userId);
      reject(
        status === RZ_CERTIFIED
          ? 'identity.certified'
          : status === RZ_REVIEW
            ? 'identity.underReview'
            : 'common.badRequest',
      );
    }
    const id = identities.insert({
      userId,
      realName: submission.realName,
      frontCard: submission.frontCard,
      backCard: submission.backCard,
      createdAt: now,
    });
    reviews.submit({ kind: IDENTITY_REVIEW_KIND, userId, refId: id, summary: `identity of ${submission.realName}` });
    return id;
  })();
}
