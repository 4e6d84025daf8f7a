import type { Db } from '../../db/database.ts';
import type { JobRepository } from '../../db/repositories/job-repository.ts';
import {
  InsufficientBalanceError,
  type BalanceKey,
  type EarnBillKind,
  type LedgerRepository,
} from '../../db/repositories/ledger-repository.ts';
import type { LockedOrderRepository, LockedOrderRow } from '../../db/repositories/locked-order-repository.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { Job } from '../../jobs/job.ts';
import { DAY_MS, periodsElapsed } from '../../jobs/periods.ts';
import { reject, Rejection } from '../rejection.ts';
import { accruedInterest, interestOfDay, redeemPayout } from './earn-math.ts';

/** How one product (mining or staking) names its bills, its job and its refusals. */
export interface LockedNames {
  /** The job's name; its unit keys are `order <id> day <d>` and `order <id> end`. */
  job: string;
  /** 1 for a daily rate (mining), 365 for a yearly rate (staking). */
  basisDays: number;
  /** Remark prefix of the bill rows, e.g. `Mining`. */
  label: string;
  bills: { lock: EarnBillKind; interest: EarnBillKind; unlock: EarnBillKind; redeem: EarnBillKind };
  messages: { notFound: MessageKey; notRunning: MessageKey; notRedeemable: MessageKey; ended: MessageKey };
}

export interface LockedEarningsDeps<Row extends LockedOrderRow> {
  db: Db;
  ledger: LedgerRepository;
  jobs: JobRepository;
  orders: LockedOrderRepository<Row>;
  now: () => number;
}

/** How often the interest jobs look for days that have ended. */
export const ACCRUAL_EVERY_MS = 10_000;

/**
 * The money rules lock mining and staking share (README "How the reference server runs the earn
 * products"): buying locks the principal (available -> frozen, in the order's transaction); when
 * day d of the order has ended (start + d days) its interest `interestOfDay` is paid into
 * available; when the last day has ended the principal goes back to available and the order ends
 * (status 1), having paid exactly `accruedInterest(days)`. An order of type 1 may be redeemed
 * before its end (status 2): the days already ended are paid, the day under way earns nothing, and
 * the principal comes back less the product's redemption fee (`redeemPayout`).
 *
 * Each day's payment and each end is a unit of the job runner, recorded in job_units in its own
 * transaction; a redemption records the days it pays under the same keys, so no day is ever paid
 * twice, whoever pays it.
 */
export class LockedEarnings<Row extends LockedOrderRow> {
  constructor(
    private readonly product: LockedNames,
    private readonly deps: LockedEarningsDeps<Row>,
  ) {}

  /** Every payment the order has made and will make if it runs to its end. */
  fullInterest(order: Pick<Row, 'amount' | 'rate_ppm' | 'days'>): bigint {
    return accruedInterest(order.amount, order.rate_ppm, order.days, this.product.basisDays);
  }

  /** What redeeming the order now would give back (its principal less the fee); 0 when it cannot be redeemed. */
  redeemValue(order: Row): bigint {
    return order.status === 0 && order.type === 1 ? redeemPayout(order.amount, order.redeem_fee_ppm) : 0n;
  }

  /**
   * Inserts an order with `insert` and locks its principal, in one IMMEDIATE transaction (the order
   * number is taken from the table, so a second process waits its turn); refuses with
   * `trade.insufficient` (nothing written) when the available balance is short.
   */
  open(key: BalanceKey, amount: bigint, insert: () => number): Row {
    const at = this.deps.now();
    try {
      const id = this.deps.db
        .transaction(() => {
          const orderId = insert();
          const remark = `${this.product.label} #${orderId}`;
          this.deps.ledger.apply(
            [
              { ...key, part: 'available', amount: -amount, kind: this.product.bills.lock, remark },
              { ...key, part: 'frozen', amount, kind: this.product.bills.lock, remark },
            ],
            orderId,
            at,
          );
          return orderId;
        })
        .immediate();
      return this.deps.orders.find(id) as Row;
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new Rejection('trade.insufficient');
      throw error;
    }
  }

  /** Early redemption of a running type 1 order of the user (see the class comment). */
  redeem(userId: number, orderId: number): Row {
    const at = this.deps.now();
    const { messages } = this.product;
    this.deps.db
      .transaction(() => {
        const order = this.deps.orders.find(orderId);
        if (!order || order.user_id !== userId) reject(messages.notFound);
        if (order.status !== 0) reject(messages.notRunning);
        if (order.type !== 1) reject(messages.notRedeemable);
        // Its end is due: the job gives everything back within seconds, fee-free.
        if (at >= order.end_time) reject(messages.ended);
        const due = periodsElapsed(order.start_time, at, DAY_MS, order.days);
        for (let day = order.paid_days + 1; day <= due; day++) {
          if (this.deps.jobs.markDone(this.product.job, dayKey(order.id, day), at)) this.payDay(order.id, day, at);
        }
        const payout = redeemPayout(order.amount, order.redeem_fee_ppm);
        const remark = `${this.product.label} #${order.id} redeemed`;
        this.deps.ledger.apply(
          [
            { ...keyOf(order), part: 'frozen', amount: -order.amount, kind: this.product.bills.redeem, remark },
            { ...keyOf(order), part: 'available', amount: payout, kind: this.product.bills.redeem, remark },
          ],
          order.id,
          at,
        );
        if (!this.deps.orders.close(order.id, 2, payout, at))
          throw new Error(`${this.product.label} order ${order.id} changed while being redeemed`);
      })
      .immediate();
    return this.deps.orders.find(orderId) as Row;
  }

  /** The job that pays the days that have ended and ends the orders whose last day has. */
  job(): Job {
    return {
      name: this.product.job,
      everyMs: ACCRUAL_EVERY_MS,
      run: (ctx) => {
        for (const order of this.deps.orders.running()) {
          const due = periodsElapsed(order.start_time, ctx.now, DAY_MS, order.days);
          let failed = false;
          for (let day = order.paid_days + 1; day <= due && !failed; day++) {
            failed = ctx.unit(dayKey(order.id, day), () => this.payDay(order.id, day, ctx.now)) === 'failed';
          }
          // A day that failed is tried again at the next run, and the order cannot end before it.
          if (!failed && due === order.days) ctx.unit(`order ${order.id} end`, () => this.end(order.id, ctx.now));
        }
      },
    };
  }

  /** Pays day `day` of a running order (a redeemed one earns no more). */
  private payDay(orderId: number, day: number, at: number): void {
    const order = this.deps.orders.find(orderId);
    if (!order || order.status !== 0) return;
    if (order.paid_days !== day - 1)
      throw new Error(`${this.product.label} order ${orderId}: day ${day} is due but ${order.paid_days} days are paid`);
    const interest = interestOfDay(order.amount, order.rate_ppm, day, this.product.basisDays);
    this.deps.ledger.apply(
      [
        {
          ...keyOf(order),
          part: 'available',
          amount: interest,
          kind: this.product.bills.interest,
          remark: `${this.product.label} #${order.id} day ${day}`,
        },
      ],
      order.id,
      at,
    );
    if (!this.deps.orders.recordDay(order.id, day, interest))
      throw new Error(`${this.product.label} order ${orderId}: day ${day} was recorded meanwhile`);
  }

  /** Gives the principal of an order whose every day is paid back, and ends it. */
  private end(orderId: number, at: number): void {
    const order = this.deps.orders.find(orderId);
    if (!order || order.status !== 0) return;
    if (order.paid_days !== order.days)
      throw new Error(
        `${this.product.label} order ${orderId} cannot end with ${order.paid_days} of ${order.days} days paid`,
      );
    const remark = `${this.product.label} #${order.id} ended`;
    this.deps.ledger.apply(
      [
        { ...keyOf(order), part: 'frozen', amount: -order.amount, kind: this.product.bills.unlock, remark },
        { ...keyOf(order), part: 'available', amount: order.amount, kind: this.product.bills.unlock, remark },
      ],
      order.id,
      at,
    );
    if (!this.deps.orders.close(order.id, 1, order.amount, at))
      throw new Error(`${this.product.label} order ${orderId} changed while ending`);
  }
}

const dayKey = (orderId: number, day: number): string => `order ${orderId} day ${day}`;

const keyOf = (order: LockedOrderRow): BalanceKey => ({
  userId: order.user_id,
  coinId: order.coin_id,
  accountType: order.account_type,
});
