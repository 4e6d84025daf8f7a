import type { Db } from '../../db/database.ts';
import type { RowPage } from '../../db/repositories/earn-rows.ts';
import { JobRepository } from '../../db/repositories/job-repository.ts';
import type { LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import type { LockedStatus } from '../../db/repositories/locked-order-repository.ts';
import { StakingRepository, type StakingOrderRow, type StakingProjectRow, type StakingTerm } from '../../db/repositories/staking-repository.ts';
import type { Job } from '../../jobs/job.ts';
import { DAY_MS } from '../../jobs/periods.ts';
import { MAIN_ACCOUNT } from '../accounts.ts';
import { formatTrimmed, type SentAmount } from '../money.ts';
import { reject } from '../rejection.ts';
import { DAYS_PER_YEAR } from './earn-math.ts';
import { LockedEarnings } from './locked-earnings.ts';

/** The revenue job of staking. */
export const STAKING_JOB = 'staking:interest';

/** A submitStaking request (spec §3 Staking submit payload) past its shape checks and the transaction password. */
export interface StakingRequest {
  projectId: number;
  termId: number;
  amount: SentAmount;
}

/** A request past its rules, ready to stake. */
export interface StakingQuote {
  project: StakingProjectRow;
  term: StakingTerm;
  amount: bigint;
}

export interface StakingDeps {
  db: Db;
  ledger: LedgerRepository;
  now: () => number;
}

/**
 * Staking (spec §2, §3, §4 Staking order): projects with periods, each with a yearly rate and a
 * smallest amount; amounts are whole coins. The yearly rate accrues per day on a year of 365 days:
 * day d pays its share of principal × rate × days / 365 (LockedEarnings has the money rules), and
 * the principal comes back when the period ends.
 */
export class Staking {
  readonly repo: StakingRepository;
  readonly earnings: LockedEarnings<StakingOrderRow>;

  constructor(private readonly deps: StakingDeps) {
    this.repo = new StakingRepository(deps.db);
    this.earnings = new LockedEarnings(
      {
        job: STAKING_JOB,
        basisDays: DAYS_PER_YEAR,
        label: 'Staking',
        bills: { lock: 'staking_lock', interest: 'staking_interest', unlock: 'staking_unlock', redeem: 'staking_redeem' },
        messages: { notFound: 'staking.orderNotFound', notRunning: 'staking.notRunning', notRedeemable: 'staking.notRedeemable', ended: 'staking.ended' },
      },
      { db: deps.db, ledger: deps.ledger, jobs: new JobRepository(deps.db), orders: this.repo.orders, now: deps.now },
    );
  }

  projects(): StakingProjectRow[] {
    return this.repo.projects();
  }

  /** Checks a request: the period must be the project's, the amount whole and at least the period's min_price (spec §5). */
  prepare(request: StakingRequest): StakingQuote {
    const project = this.repo.project(request.projectId) ?? reject('staking.projectNotFound');
    const term = project.terms.find((t) => t.id === request.termId) ?? reject('staking.periodInvalid');
    const amount = request.amount.units(0) ?? reject('staking.amountDigits');
    if (amount < term.min_amount) reject('staking.snumerror1', { num: formatTrimmed(term.min_amount) });
    return { project, term, amount };
  }

  /** Stakes a checked request: locks the amount for the period. */
  submit(userId: number, { project, term, amount }: StakingQuote): StakingOrderRow {
    const start = this.deps.now();
    const key = { userId, coinId: project.coin_id, accountType: MAIN_ACCOUNT };
    return this.earnings.open(key, amount, () =>
      this.repo.insert({ userId, project, term, accountType: MAIN_ACCOUNT, amount, startTime: start, endTime: start + term.days * DAY_MS }),
    );
  }

  redeem(userId: number, orderId: number): StakingOrderRow {
    return this.earnings.redeem(userId, orderId);
  }

  orders(userId: number, status: LockedStatus | null, page: number, limit: number): RowPage<StakingOrderRow> {
    return this.repo.orders.page(userId, status, page, limit);
  }

  job(): Job {
    return this.earnings.job();
  }
}
