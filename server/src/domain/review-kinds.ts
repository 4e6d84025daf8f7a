import type { Db } from '../db/database.ts';
import { internalTransferReview } from './earn/internal-transfers.ts';
import { loanReview } from './earn/loans.ts';
import { identityReview } from './identity.ts';
import { createReviews, type ReviewKindFactory, type Reviews } from './reviews.ts';
import { depositReview } from './wallet/deposits.ts';
import { withdrawalReview } from './wallet/withdrawals.ts';

/**
 * Every kind of request the platform decides by hand, in one list that the server and the operator
 * command both build from. A feature that sends its records to review (identity verification,
 * deposits, withdrawals, loan applications, internal transfers) exports a ReviewKindFactory (see
 * domain/reviews.ts for an example) and adds it here; nothing else registers it.
 */
export const REVIEW_KINDS: readonly ReviewKindFactory[] = [
  identityReview,
  depositReview,
  withdrawalReview,
  loanReview,
  internalTransferReview,
];

/** The platform's review queue on `db`: what the API routes submit to and what `npm run admin -- review:…` decides with. */
export function platformReviews(db: Db, now: () => number): Reviews {
  return createReviews(db, now, REVIEW_KINDS);
}
