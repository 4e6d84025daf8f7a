import type { Db } from '../../db/database.ts';
import { LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import type { UserRepository } from '../../db/repositories/user-repository.ts';
import type { Job } from '../../jobs/job.ts';
import type { Reviews } from '../reviews.ts';
import { InternalTransfers } from './internal-transfers.ts';
import { Loans } from './loans.ts';
import { Mining } from './mining.ts';
import { SlidingWindowLimit } from './search-limit.ts';
import { Staking } from './staking.ts';

/** Receiver searches a user may make per minute (README "How the reference server runs the earn products"). */
export const SEARCH_LIMIT_PER_MINUTE = 10;

/** The earn products on one database and clock. */
export interface Earn {
  ledger: LedgerRepository;
  loans: Loans;
  mining: Mining;
  staking: Staking;
  transfers: InternalTransfers;
  /** The receiver search's per-user limit. */
  searchLimit: SlidingWindowLimit;
  /** The clock-driven jobs: mining interest, staking revenue, transfers arriving. */
  jobs(): Job[];
}

export interface EarnDeps {
  db: Db;
  users: UserRepository;
  /** The platform's review queue, which knows the loan and internal-transfer kinds. */
  reviews: Reviews;
  now: () => number;
}

export function createEarn({ db, users, reviews, now }: EarnDeps): Earn {
  const ledger = new LedgerRepository(db);
  const mining = new Mining({ db, ledger, now });
  const staking = new Staking({ db, ledger, now });
  const transfers = new InternalTransfers({ db, users, reviews, now });
  return {
    ledger,
    loans: new Loans({ db, ledger, reviews, now }),
    mining,
    staking,
    transfers,
    searchLimit: new SlidingWindowLimit(SEARCH_LIMIT_PER_MINUTE, 60_000, now),
    jobs: () => [mining.job(), staking.job(), transfers.arrivalJob()],
  };
}
