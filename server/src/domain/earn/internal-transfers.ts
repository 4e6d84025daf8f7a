import type { Db } from '../../db/database.ts';
import type { RowPage } from '../../db/repositories/earn-rows.ts';
import {
  InternalTransferRepository,
  type InternalTransferRow,
  type TransferCoinRow,
  type TransferStatus,
} from '../../db/repositories/internal-transfer-repository.ts';
import { InsufficientBalanceError } from '../../db/repositories/ledger-repository.ts';
import type { UserRepository } from '../../db/repositories/user-repository.ts';
import type { Job } from '../../jobs/job.ts';
import { DAY_MS } from '../../jobs/periods.ts';
import { MAIN_ACCOUNT } from '../accounts.ts';
import { formatTrimmed, type SentAmount } from '../money.ts';
import { reject, Rejection } from '../rejection.ts';
import { ReviewDecisionError, type ReviewKindFactory, type Reviews } from '../reviews.ts';
import { feeFor } from '../fees.ts';
import { NO_APPROVAL_NEEDED, type ApprovalFields, type ApprovalPass } from '../security/approvals.ts';
import { refuseDuringHold } from '../security/holds.ts';

/** The review kind of internal transfers: decided by the arrival job or an operator, never by the demo's automatic approval. */
export const TRANSFER_REVIEW = 'internal_transfer';

/** The job that lets transfers arrive. */
export const TRANSFER_ARRIVAL_JOB = 'transfer:arrival';

/** A transfer request (docs/product-rules.md#internal-transfers) past its shape checks and the transaction password. */
export interface TransferRequest {
  toUserId: number;
  coinId: number;
  amount: SentAmount;
}

/** A transfer past its rules: who receives, the coin's terms, the amount and its fee. */
export interface TransferQuote {
  receiver: { id: number; username: string };
  coin: TransferCoinRow;
  amount: bigint;
  fee: bigint;
}

/** What a second step approves of a transfer: the receiver, the coin and the amount in the coin's units. */
export const transferApprovalFields = (quote: TransferQuote): ApprovalFields => ({
  to_uid: quote.receiver.id,
  c_id: quote.coin.coin_id,
  amount: quote.amount,
});

export interface InternalTransfersDeps {
  db: Db;
  users: UserRepository;
  reviews: Reviews;
  now: () => number;
}

/**
 * Internal transfers between users (docs/product-rules.md#internal-transfers):
 * - sending takes the amount out of the sender's available balance at once: it is frozen in the
 *   sender's main account as the hold of a review of kind internal_transfer (status 1); the fee
 *   (amount × the coin's rate, rounded down: feeFor) and the arrival amount are fixed then, and the arrival
 *   time is the sending instant + the coin's internal_transfer_days;
 * - at the arrival time the job approves the review: the hold leaves the sender and the receiver's
 *   main account is credited amount − fee (status 2); an operator may approve it earlier
 *   (`review:approve`) or reject it (`review:reject`: everything back to the sender, status 3);
 * - while it is in transfer the sender may cancel it: the whole amount comes back (status 3).
 */
export class InternalTransfers {
  readonly repo: InternalTransferRepository;

  constructor(private readonly deps: InternalTransfersDeps) {
    this.repo = new InternalTransferRepository(deps.db);
  }

  coins(): TransferCoinRow[] {
    return this.repo.coins();
  }

  /** The account named exactly `username` (letter case aside), never the caller. */
  findReceiver(callerId: number, username: string): { id: number; username: string } {
    const user = this.repo.account(username) ?? reject('transfer.userNotFound');
    if (user.id === callerId) reject('transfer.self');
    return { id: user.id, username: user.username };
  }

  /** Checks a request in the order the security hold, the receiver, the coin and the amount's decimals; works out the fee. */
  prepare(userId: number, request: TransferRequest): TransferQuote {
    // A recent security change holds every transfer: said before any field, as nothing can pass.
    refuseDuringHold(this.deps.db, userId, this.deps.now());
    const receiver = this.deps.users.findById(request.toUserId) ?? reject('transfer.receiverNotFound');
    if (receiver.id === userId) reject('transfer.self');
    const coin = this.repo.coin(request.coinId) ?? reject('transfer.coinNotFound');
    const amount =
      request.amount.units(coin.decimals) ??
      reject('transfer.amountDecimals', { decimals: coin.decimals, coin: coin.title });
    return {
      receiver: { id: receiver.id, username: receiver.username },
      coin,
      amount,
      fee: feeFor(amount, coin.fee_ppm),
    };
  }

  /**
   * Sends a checked transfer: the amount is frozen at once, it arrives after the coin's days.
   * `approval` is its second step (security/approvals.ts), marked used in the same transaction.
   */
  send(
    userId: number,
    { receiver, coin, amount, fee }: TransferQuote,
    approval: ApprovalPass = NO_APPROVAL_NEEDED,
  ): InternalTransferRow {
    const at = this.deps.now();
    try {
      const id = this.deps.db
        .transaction(() => {
          approval.markUsed();
          const transferId = this.repo.insert({
            fromUserId: userId,
            toUserId: receiver.id,
            coinId: coin.coin_id,
            accountType: MAIN_ACCOUNT,
            amount,
            feePpm: coin.fee_ppm,
            fee,
            createdAt: at,
            arrivalTime: at + coin.days * DAY_MS,
          });
          this.deps.reviews.submit({
            kind: TRANSFER_REVIEW,
            userId,
            refId: transferId,
            summary: `${formatTrimmed(amount)} ${coin.title} to ${receiver.username}, fee ${formatTrimmed(fee)}`,
            hold: { coinId: coin.coin_id, accountType: MAIN_ACCOUNT, amount },
          });
          return transferId;
        })
        .immediate();
      return this.repo.find(id) as InternalTransferRow;
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new Rejection('trade.insufficient');
      throw error;
    }
  }

  /** The sender withdraws a transfer still in transfer: the whole amount comes back. */
  cancel(userId: number, transferId: number): InternalTransferRow {
    const transfer = this.repo.find(transferId);
    if (!transfer || transfer.from_user_id !== userId) reject('transfer.notFound');
    const review = this.deps.reviews.findByRef(TRANSFER_REVIEW, transfer.id);
    if (transfer.status !== 1 || !review) reject('transfer.notPending');
    try {
      this.deps.reviews.cancel(review.id, userId);
    } catch (error) {
      if (error instanceof ReviewDecisionError)
        reject(error.problem === 'notFound' ? 'transfer.notFound' : 'transfer.notPending');
      throw error;
    }
    return this.repo.find(transfer.id) as InternalTransferRow;
  }

  /** The transfers the user sent or received, newest first; `status` 0 for all. */
  records(userId: number, status: 0 | TransferStatus, page: number, limit: number): RowPage<InternalTransferRow> {
    return this.repo.page(userId, status, page, limit);
  }

  /** Lets every transfer whose arrival time has come arrive, each as one unit. */
  arrivalJob(): Job {
    return {
      name: TRANSFER_ARRIVAL_JOB,
      run: (ctx) => {
        for (const transfer of this.repo.due(ctx.now)) {
          ctx.unit(`transfer ${transfer.id} arrival`, () => {
            const review = this.deps.reviews.findByRef(TRANSFER_REVIEW, transfer.id);
            if (review?.status !== 'pending') return;
            try {
              this.deps.reviews.approve(review.id, 'auto');
            } catch (error) {
              // The sender cancelled, or an operator decided, in between: theirs is the decision.
              if (!(error instanceof ReviewDecisionError && error.problem === 'decided')) throw error;
            }
          });
        }
      },
    };
  }
}

/**
 * What a decision on a transfer does (domain/reviews.ts): approval (its arrival) credits the
 * receiver the arrival amount, the hold having left the sender; rejection and cancellation mark it
 * cancelled, the hold having gone back to the sender.
 */
export const internalTransferReview: ReviewKindFactory = ({ db, ledger }) => {
  const transfers = new InternalTransferRepository(db);
  const pending = (id: number): InternalTransferRow => {
    const transfer = transfers.find(id);
    if (!transfer || transfer.status !== 1) throw new Error(`internal transfer ${id} is not in transfer`);
    return transfer;
  };
  const finish = (id: number, status: 2 | 3, reason: string, at: number): void => {
    if (!transfers.finish(id, status, reason, at))
      throw new Error(`internal transfer ${id} changed while being decided`);
  };
  return {
    name: TRANSFER_REVIEW,
    autoApprove: false,
    approve({ review, at }) {
      const transfer = pending(review.ref_id);
      const key = { userId: transfer.to_user_id, coinId: transfer.coin_id, accountType: transfer.account_type };
      ledger.apply(
        [
          {
            ...key,
            part: 'available',
            amount: transfer.arrival_amount,
            kind: 'internal_transfer_in',
            remark: `Transfer ${transfer.order_num} from ${transfer.from_username}`,
          },
        ],
        transfer.id,
        at,
      );
      finish(transfer.id, 2, '', at);
    },
    reject: ({ review, reason, at }) => finish(pending(review.ref_id).id, 3, reason, at),
    cancel: ({ review, at }) => finish(pending(review.ref_id).id, 3, '', at),
  };
};
