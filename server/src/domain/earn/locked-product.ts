import type { Db } from '../../db/database.ts';
import type { RowPage } from '../../db/repositories/earn-rows.ts';
import { JobRepository } from '../../db/repositories/job-repository.ts';
import type { LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import type { LockedOrderRow, LockedStatus } from '../../db/repositories/locked-order-repository.ts';
import type { LockedOffer, LockedProductRepository } from '../../db/repositories/locked-product-repository.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { Job } from '../../jobs/job.ts';
import { DAY_MS } from '../../jobs/periods.ts';
import { MAIN_ACCOUNT } from '../accounts.ts';
import { reject } from '../rejection.ts';
import { LockedEarnings, type LockedNames } from './locked-earnings.ts';

/** A request past its product's rules, ready to lock. */
export interface LockedQuote<Offer extends LockedOffer> {
  offer: Offer;
  term: Offer['terms'][number];
  amount: bigint;
}

/** What makes one locked product (mining, staking) of the shared rules. */
export interface LockedProductConfig<
  Offer extends LockedOffer,
  Row extends LockedOrderRow,
  Request,
> extends LockedNames {
  /** The refusal for an offer id that does not exist. */
  offerNotFound: MessageKey;
  /**
   * Checks a request in its payload's order (the offer first); nothing moves. Refuses with the
   * product's own messages.
   */
  check(request: Request, repo: LockedProductRepository<Offer, Row>): LockedQuote<Offer>;
}

/**
 * The names of the locked product `name`: its job `<name>:interest`, its bills `<name>_lock`,
 * `<name>_interest`, `<name>_unlock`, `<name>_redeem`, and its order refusals `<name>.orderNotFound`,
 * `<name>.notRunning`, `<name>.notRedeemable`, `<name>.ended` (job units and bill rows already
 * stored carry these names, so they never change).
 */
export function lockedNames(name: 'mining' | 'staking', label: string, basisDays: number): LockedNames {
  return {
    job: `${name}:interest`,
    basisDays,
    label,
    bills: { lock: `${name}_lock`, interest: `${name}_interest`, unlock: `${name}_unlock`, redeem: `${name}_redeem` },
    messages: {
      notFound: `${name}.orderNotFound`,
      notRunning: `${name}.notRunning`,
      notRedeemable: `${name}.notRedeemable`,
      ended: `${name}.ended`,
    },
  };
}

export interface LockedProductDeps {
  db: Db;
  ledger: LedgerRepository;
  now: () => number;
}

/**
 * A product that locks a whole-coin principal from the main account for one of an offer's periods
 * and pays interest on it (README "How the reference server runs the earn products"): mining and
 * staking are this with their own tables, names and request checks. LockedEarnings has the money
 * rules.
 */
export class LockedProduct<Offer extends LockedOffer, Row extends LockedOrderRow, Request> {
  readonly earnings: LockedEarnings<Row>;

  constructor(
    private readonly config: LockedProductConfig<Offer, Row, Request>,
    readonly repo: LockedProductRepository<Offer, Row>,
    private readonly deps: LockedProductDeps,
  ) {
    const { db, ledger, now } = deps;
    this.earnings = new LockedEarnings(config, { db, ledger, jobs: new JobRepository(db), orders: repo.orders, now });
  }

  /** The offers, or the one asked for (refused when it does not exist). */
  offers(id?: number): Offer[] {
    if (id === undefined) return this.repo.offers();
    return [this.repo.offer(id) ?? reject(this.config.offerNotFound)];
  }

  /** Checks a request; the route checks the transaction password next, then {@link open} locks. */
  prepare(request: Request): LockedQuote<Offer> {
    return this.config.check(request, this.repo);
  }

  /** Opens an order of a checked request: locks the amount for the period (refused when the balance is short). */
  open(userId: number, { offer, term, amount }: LockedQuote<Offer>): Row {
    const start = this.deps.now();
    const key = { userId, coinId: offer.coin_id, accountType: MAIN_ACCOUNT };
    return this.earnings.open(key, amount, () =>
      this.repo.insert({
        userId,
        offer,
        term,
        accountType: MAIN_ACCOUNT,
        amount,
        startTime: start,
        endTime: start + term.days * DAY_MS,
      }),
    );
  }

  redeem(userId: number, orderId: number): Row {
    return this.earnings.redeem(userId, orderId);
  }

  /** A user's orders, newest first; `status` null for all. */
  orders(userId: number, status: LockedStatus | null, page: number, limit: number): RowPage<Row> {
    return this.repo.orders.page(userId, status, page, limit);
  }

  job(): Job {
    return this.earnings.job();
  }
}
