import type { Db } from '../../db/database.ts';
import { JobRepository } from '../../db/repositories/job-repository.ts';
import type { LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import type { RowPage } from '../../db/repositories/earn-rows.ts';
import { MiningRepository, type MiningOrderRow, type MiningProductRow, type MiningTerm } from '../../db/repositories/mining-repository.ts';
import type { Job } from '../../jobs/job.ts';
import { DAY_MS } from '../../jobs/periods.ts';
import { MAIN_ACCOUNT } from '../accounts.ts';
import { compareDecimal, formatTrimmed, type SentAmount } from '../money.ts';
import { reject } from '../rejection.ts';
import { percentText } from './earn-math.ts';
import { LockedEarnings } from './locked-earnings.ts';

/** The interest job of lock mining. */
export const MINING_JOB = 'mining:interest';

/** A buyMiningMachine request, its fields checked for shape; the transaction password is the route's. */
export interface MiningPurchase {
  productId: number;
  amount: SentAmount;
  day: number;
  /** The daily rate in percent the screen showed for `day`, as decimal text. */
  rate: string;
}

/** A purchase past its rules, ready to lock. */
export interface MiningQuote {
  product: MiningProductRow;
  term: MiningTerm;
  amount: bigint;
}

export interface MiningDeps {
  db: Db;
  ledger: LedgerRepository;
  now: () => number;
}

/**
 * Lock mining (spec §2, §3, §4 Mining order): a daily rate per lock period, the principal locked
 * for the period, interest paid each day by the job runner, the principal back at the end
 * (LockedEarnings has the money rules). The amount must lie within the product's `min_price` ..
 * `max_price`: spec §5 names the bounds `minprice` / `maxprice`, which mining products do not carry,
 * so the product's own min_price and max_price are the bounds. Amounts are whole coins (the
 * screen's integer stepper). The rate is the server's rate for the chosen period: a different rate
 * sent by the client is refused, never used.
 */
export class Mining {
  readonly repo: MiningRepository;
  readonly earnings: LockedEarnings<MiningOrderRow>;

  constructor(private readonly deps: MiningDeps) {
    this.repo = new MiningRepository(deps.db);
    this.earnings = new LockedEarnings(
      {
        job: MINING_JOB,
        basisDays: 1,
        label: 'Mining',
        bills: { lock: 'mining_lock', interest: 'mining_interest', unlock: 'mining_unlock', redeem: 'mining_redeem' },
        messages: { notFound: 'mining.orderNotFound', notRunning: 'mining.notRunning', notRedeemable: 'mining.notRedeemable', ended: 'mining.ended' },
      },
      { db: deps.db, ledger: deps.ledger, jobs: new JobRepository(deps.db), orders: this.repo.orders, now: deps.now },
    );
  }

  /** The products on offer, or the one asked for (refused when it does not exist). */
  products(id?: number): MiningProductRow[] {
    if (id === undefined) return this.repo.products();
    return [this.repo.product(id) ?? reject('mining.productNotFound')];
  }

  /**
   * Checks a purchase in the payload's order: the product, the amount, the period and the rate.
   * Nothing moves; the route checks the transaction password next, then {@link buy} locks.
   */
  prepare(purchase: MiningPurchase): MiningQuote {
    const product = this.repo.product(purchase.productId) ?? reject('mining.productNotFound');
    const amount = purchase.amount.units(0) ?? reject('mining.amountWhole');
    if (amount < product.min_amount || amount > product.max_amount) {
      reject('mining.amountRange', { min: formatTrimmed(product.min_amount), max: formatTrimmed(product.max_amount) });
    }
    const term = product.terms.find((t) => t.days === purchase.day) ?? reject('mining.dayInvalid');
    const rate = percentText(term.rate_ppm);
    if (compareDecimal(purchase.rate, rate) !== 0) reject('mining.rateChanged', { rate });
    return { product, term, amount };
  }

  /** Buys a checked purchase: locks the amount for the period (refused when the balance is short). */
  buy(userId: number, { product, term, amount }: MiningQuote): MiningOrderRow {
    const start = this.deps.now();
    const key = { userId, coinId: product.coin_id, accountType: MAIN_ACCOUNT };
    return this.earnings.open(key, amount, () =>
      this.repo.insert({ userId, product, term, accountType: MAIN_ACCOUNT, amount, startTime: start, endTime: start + term.days * DAY_MS }),
    );
  }

  redeem(userId: number, orderId: number): MiningOrderRow {
    return this.earnings.redeem(userId, orderId);
  }

  orders(userId: number, page: number, limit: number): RowPage<MiningOrderRow> {
    return this.repo.orders.page(userId, null, page, limit);
  }

  job(): Job {
    return this.earnings.job();
  }
}
