import {
  StakingRepository,
  type StakingOrderRow,
  type StakingProjectRow,
} from '../../db/repositories/staking-repository.ts';
import { formatTrimmed, type SentAmount } from '../money.ts';
import { reject } from '../rejection.ts';
import { DAYS_PER_YEAR } from './earn-math.ts';
import { LockedProduct, lockedNames, type LockedProductConfig, type LockedProductDeps } from './locked-product.ts';

/** A submitStaking request (docs/product-rules.md#staking) past its shape checks and the transaction password. */
export interface StakingRequest {
  projectId: number;
  termId: number;
  amount: SentAmount;
}

/**
 * Staking: projects with periods, each with a yearly rate and a smallest amount; amounts are whole
 * coins. The yearly rate accrues per day on a year of 365 days: day d pays its share of
 * principal × rate × days / 365 (LockedEarnings has the money rules), and the principal comes back
 * when the period ends.
 */
const STAKING: LockedProductConfig<StakingProjectRow, StakingOrderRow, StakingRequest> = {
  ...lockedNames('staking', 'Staking', DAYS_PER_YEAR),
  offerNotFound: 'staking.projectNotFound',
  // The period must be the project's, the amount whole and at least the period's min_price.
  check: (request, repo) => {
    const offer = repo.offer(request.projectId) ?? reject('staking.projectNotFound');
    const term = offer.terms.find((t) => t.id === request.termId) ?? reject('staking.periodInvalid');
    const amount = request.amount.units(0) ?? reject('staking.amountDigits');
    if (amount < term.min_amount) reject('staking.snumerror1', { num: formatTrimmed(term.min_amount) });
    return { offer, term, amount };
  },
};

/** Staking: the locked product with staking's tables, names and request rules. */
export class Staking extends LockedProduct<StakingProjectRow, StakingOrderRow, StakingRequest> {
  constructor(deps: LockedProductDeps) {
    super(STAKING, new StakingRepository(deps.db), deps);
  }
}
