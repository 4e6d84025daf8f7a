import type { Db } from '../../db/database.ts';
import type { RowPage } from '../../db/repositories/earn-rows.ts';
import { InsufficientBalanceError, type LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import {
  LoanRepository,
  type LoanOrderRow,
  type LoanProjectRow,
  type LoanStatus,
} from '../../db/repositories/loan-repository.ts';
import { DAY_MS } from '../../jobs/periods.ts';
import { MAIN_ACCOUNT } from '../accounts.ts';
import { formatTrimmed, formatUnits, type SentAmount } from '../money.ts';
import { reject, Rejection } from '../rejection.ts';
import { ReviewDecisionError, type ReviewKindFactory, type Reviews } from '../reviews.ts';
import { loanInterest } from './earn-math.ts';

/** The review kind of loan applications. */
export const LOAN_REVIEW = 'loan';

/** An application's product and principal, checked (docs/product-rules.md#loans: within minprice..maxprice, whole coins). */
export interface LoanQuote {
  project: LoanProjectRow;
  amount: bigint;
}

/** The three documents of an application: the caller's own uploads, as relative URLs. */
export interface LoanDocuments {
  frontCard: string;
  laterCard: string;
  handheldCard: string;
}

export interface LoansDeps {
  db: Db;
  ledger: LedgerRepository;
  reviews: Reviews;
  now: () => number;
}

/**
 * Loans (docs/product-rules.md#loans), one-time repayment:
 * - applying copies the product's terms onto the application: the principal (whole coins, within
 *   minprice..maxprice), the daily rate, the cycle, the interest = principal × daily rate × cycle
 *   days and the total = principal + interest. It goes to the review queue (status 1) and holds
 *   nothing. While an application or an unpaid loan of a product is open, the user cannot apply for
 *   that product again;
 * - approval (status 2) credits the principal to the main account and fixes the repayment time,
 *   the approval instant + cycle days; rejection is status 3 with the reason; the user may cancel a
 *   pending application (status 4);
 * - repayment takes the whole total at once from the available balance, once (is_repayment 1),
 *   at any time after approval; there is no fee for repaying late or early.
 */
export class Loans {
  readonly repo: LoanRepository;

  constructor(private readonly deps: LoansDeps) {
    this.repo = new LoanRepository(deps.db);
  }

  /** The products on offer, or the one asked for (refused when it does not exist). */
  projects(id?: number): LoanProjectRow[] {
    if (id === undefined) return this.repo.projects();
    return [this.repo.project(id) ?? reject('loan.projectNotFound')];
  }

  /** Checks the product and the principal, first of the rules (the documents come next). */
  quote(projectId: number, sent: SentAmount): LoanQuote {
    const project = this.repo.project(projectId) ?? reject('loan.projectNotFound');
    const amount = sent.units(0) ?? reject('loan.amountWhole');
    if (amount < project.min_amount || amount > project.max_amount) {
      reject('loan.amountRange', { min: formatTrimmed(project.min_amount), max: formatTrimmed(project.max_amount) });
    }
    return { project, amount };
  }

  /** Submits the application for review (status 1). */
  apply(userId: number, { project, amount }: LoanQuote, documents: LoanDocuments): LoanOrderRow {
    const at = this.deps.now();
    const id = this.deps.db
      .transaction(() => {
        if (this.repo.hasOpen(userId, project.id)) reject('loan.open');
        const orderId = this.repo.insert({
          userId,
          project,
          accountType: MAIN_ACCOUNT,
          amount,
          interest: loanInterest(amount, project.rate_ppm, project.cycle_days),
          ...documents,
          createdAt: at,
        });
        this.deps.reviews.submit({
          kind: LOAN_REVIEW,
          userId,
          refId: orderId,
          summary: `${formatTrimmed(amount)} ${project.coin} for ${project.cycle_days} days (${project.title})`,
        });
        return orderId;
      })
      .immediate();
    return this.repo.find(id) as LoanOrderRow;
  }

  /** Repays an approved loan of the user by its order number: the whole total, once. */
  repay(userId: number, orderNum: string): LoanOrderRow {
    const at = this.deps.now();
    const order = this.deps.db
      .transaction(() => {
        const loan = this.repo.findByNumber(orderNum);
        if (!loan || loan.user_id !== userId) reject('loan.orderNotFound');
        if (loan.status !== 2) reject('loan.notApproved');
        if (loan.is_repayment === 1) reject('loan.alreadyRepaid');
        const key = { userId, coinId: loan.coin_id, accountType: loan.account_type };
        try {
          this.deps.ledger.apply(
            [
              {
                ...key,
                part: 'available',
                amount: -loan.total_amount,
                kind: 'loan_repay',
                remark: `Loan ${loan.order_num} repaid`,
              },
            ],
            loan.id,
            at,
          );
        } catch (error) {
          if (error instanceof InsufficientBalanceError)
            throw new Rejection('loan.repayInsufficient', { total: formatUnits(loan.total_amount), coin: loan.coin });
          throw error;
        }
        if (!this.repo.markRepaid(loan.id, at)) reject('loan.alreadyRepaid');
        return loan.id;
      })
      .immediate();
    return this.repo.find(order) as LoanOrderRow;
  }

  /** Withdraws a pending application of the user (status 4). */
  cancel(userId: number, orderId: number): LoanOrderRow {
    const order = this.repo.find(orderId);
    if (!order || order.user_id !== userId) reject('loan.orderNotFound');
    const review = this.deps.reviews.findByRef(LOAN_REVIEW, order.id);
    if (order.status !== 1 || !review) reject('loan.notPending');
    try {
      this.deps.reviews.cancel(review.id, userId);
    } catch (error) {
      if (error instanceof ReviewDecisionError)
        reject(error.problem === 'notFound' ? 'loan.orderNotFound' : 'loan.notPending');
      throw error;
    }
    return this.repo.find(order.id) as LoanOrderRow;
  }

  /** A user's loans, newest first; `status` 0 for all, 4 the cancelled ones. */
  records(userId: number, status: 0 | LoanStatus, page: number, limit: number): RowPage<LoanOrderRow> {
    return this.repo.page(userId, status, page, limit);
  }
}

/**
 * What a decision on a loan application does (domain/reviews.ts): approval credits the principal
 * and fixes the repayment time; rejection and cancellation close the application. Nothing was held.
 */
export const loanReview: ReviewKindFactory = ({ db, ledger }) => {
  const loans = new LoanRepository(db);
  const pending = (id: number): LoanOrderRow => {
    const order = loans.find(id);
    if (!order || order.status !== 1) throw new Error(`loan application ${id} is not pending`);
    return order;
  };
  return {
    name: LOAN_REVIEW,
    approve({ review, at }) {
      const order = pending(review.ref_id);
      const key = { userId: order.user_id, coinId: order.coin_id, accountType: order.account_type };
      ledger.apply(
        [{ ...key, part: 'available', amount: order.amount, kind: 'loan_credit', remark: `Loan ${order.order_num}` }],
        order.id,
        at,
      );
      if (!loans.approve(order.id, at, at + order.cycle_days * DAY_MS))
        throw new Error(`loan application ${order.id} changed while being approved`);
    },
    reject({ review, reason, at }) {
      if (!loans.close(pending(review.ref_id).id, 3, reason, at))
        throw new Error(`loan application ${review.ref_id} changed while being rejected`);
    },
    cancel({ review, at }) {
      if (!loans.close(pending(review.ref_id).id, 4, '', at))
        throw new Error(`loan application ${review.ref_id} changed while being cancelled`);
    },
  };
};
