import type { Db } from '../db/database.ts';
import { LedgerRepository, type BalanceChange } from '../db/repositories/ledger-repository.ts';
import {
  ReviewRepository,
  type ReviewDecider,
  type ReviewHold,
  type ReviewQuery,
  type ReviewRow,
  type ReviewStatus,
} from '../db/repositories/review-repository.ts';

export type { ReviewDecider, ReviewHold, ReviewRow, ReviewStatus } from '../db/repositories/review-repository.ts';

/** What a kind's handler is told about the decision it carries out. */
export interface ReviewDecision {
  /** The review as it was while pending (its hold already taken or returned when the handler runs). */
  review: ReviewRow;
  /** Why: always set on a rejection (shown to the user by the feature), empty otherwise. */
  reason: string;
  by: ReviewDecider;
  /** The decision's instant: use it for the record's change and its bill rows. */
  at: number;
}

/**
 * One kind of request the platform decides by hand, and what a decision does to the feature's own
 * record and to the ledger. The handlers run inside the decision's transaction, after the review
 * row has left `pending` and after the hold (if the request froze one) was dealt with:
 * - approve: the hold has been taken (frozen -amount, bill `review_take`): the money has left the
 *   user's balance; the handler credits whatever approval pays (a deposit or a loan credits the
 *   user, an internal transfer the receiver) and marks its record approved;
 * - reject: the hold has been given back exactly (frozen -amount, available +amount, bill
 *   `review_release`); the handler marks its record rejected with `decision.reason`;
 * - cancel (optional; only kinds that have it can be cancelled by their user): like reject.
 * A handler that throws rolls the whole decision back: the review stays pending.
 *
 * A kind must decide from the database alone (its record stores what the decision needs: amounts,
 * fee rate, account): the operator command builds the same kinds in its own process from nothing
 * but the database and a clock, and must decide exactly as the server.
 */
export interface ReviewKind {
  /** Stored in reviews.kind and used by `review:list --kind`: lower-case letters, digits, underscores. */
  readonly name: string;
  approve(decision: ReviewDecision): void;
  reject(decision: ReviewDecision): void;
  cancel?(decision: ReviewDecision): void;
  /**
   * false: the demo's automatic approval (REVIEW_AUTO_SECONDS) leaves this kind alone, for a kind
   * that has its own job deciding it (default true).
   */
  readonly autoApprove?: boolean;
}

/** What a kind is built from: the database, its ledger and a clock; nothing of the running server. */
export interface ReviewKindDeps {
  db: Db;
  ledger: LedgerRepository;
  now: () => number;
}

/**
 * Builds a kind. A feature exports one and adds it to REVIEW_KINDS (domain/review-kinds.ts), for
 * example (the withdrawals; `WithdrawalRepository` is the feature's own):
 *
 * ```ts
 * export const withdrawalReview: ReviewKindFactory = ({ db }) => {
 *   const withdrawals = new WithdrawalRepository(db);
 *   return {
 *     name: 'withdrawal',
 *     approve: ({ review, at }) => withdrawals.setStatus(review.ref_id, 2, at, ''), // the hold left with the approval
 *     reject: ({ review, reason, at }) => withdrawals.setStatus(review.ref_id, 3, at, reason), // the hold is back
 *   };
 * };
 * ```
 *
 * and submits in the same transaction that writes its record, so both exist or neither:
 *
 * ```ts
 * db.transaction(() => {
 *   const id = withdrawals.insert({ userId, coinId, amount, address, createdAt: now() });
 *   reviews.submit({ kind: 'withdrawal', userId, refId: id, summary: `${amount} USDT to ${address}`,
 *     hold: { coinId, accountType: 1, amount } }); // throws InsufficientBalanceError: nothing is written
 * })();
 * ```
 */
export type ReviewKindFactory = (deps: ReviewKindDeps) => ReviewKind;

/** A request to put into the queue. */
export interface ReviewRequest {
  kind: string;
  userId: number;
  /** The feature's record (its own table's id). */
  refId: number;
  /** One line the operator reads in review:list, e.g. `100 USDT to TQ9…`. */
  summary?: string;
  /** What the request freezes of the user's available balance until it is decided. */
  hold?: ReviewHold | null;
}

/** Why a decision was refused. */
export type ReviewProblem = 'notFound' | 'decided' | 'unknownKind' | 'reasonRequired' | 'notCancellable';

/** A decision the queue refuses; nothing has been written. `problem` lets a route pick its i18n message. */
export class ReviewDecisionError extends Error {
  constructor(
    readonly problem: ReviewProblem,
    message: string,
  ) {
    super(message);
  }
}

type Verdict = 'approve' | 'reject' | 'cancel';

const STATUS_OF: Record<Verdict, Exclude<ReviewStatus, 'pending'>> = {
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
};

/**
 * The review queue (docs/architecture.md#the-server): one table for everything decided by hand, one registry of kinds
 * saying what a decision does. Every decision is one SQLite transaction (IMMEDIATE, so two
 * processes on one database queue behind each other) holding the review row's change, the hold's
 * bill rows and the kind's own changes; it is taken once: a review that is no longer pending
 * refuses any further decision (`ReviewDecisionError` 'decided') and nothing changes.
 */
export class Reviews {
  private readonly kinds = new Map<string, ReviewKind>();
  private readonly repo: ReviewRepository;
  private readonly ledger: LedgerRepository;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    kinds: readonly ReviewKind[],
  ) {
    this.repo = new ReviewRepository(db);
    this.ledger = new LedgerRepository(db);
    for (const kind of kinds) {
      if (!/^[a-z][a-z0-9_]*$/.test(kind.name))
        throw new Error(`review kind "${kind.name}": use lower-case letters, digits and underscores`);
      if (this.kinds.has(kind.name)) throw new Error(`review kind "${kind.name}" is registered twice`);
      this.kinds.set(kind.name, kind);
    }
  }

  /** The kinds this registry can decide. */
  kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  /** The kinds the demo's automatic approval may decide. */
  autoApprovedKinds(): string[] {
    return [...this.kinds.values()].filter((kind) => kind.autoApprove !== false).map((kind) => kind.name);
  }

  /**
   * Puts a request into the queue and freezes its hold (available -> frozen, bill `review_hold`),
   * in one transaction (a savepoint of the caller's, which should also write the feature's record).
   * Throws InsufficientBalanceError when the hold exceeds the available balance; nothing is written.
   * Returns the review id.
   */
  submit(request: ReviewRequest): number {
    if (!this.kinds.has(request.kind)) throw new Error(`unknown review kind "${request.kind}": add it to REVIEW_KINDS`);
    const hold = request.hold ?? null;
    if (hold && hold.amount <= 0n) throw new Error(`a review hold must be a positive amount, got ${hold.amount}`);
    const at = this.now();
    return this.db.transaction(() => {
      const id = this.repo.insert({
        kind: request.kind,
        userId: request.userId,
        refId: request.refId,
        summary: request.summary ?? '',
        hold,
        createdAt: at,
      });
      if (hold) this.ledger.apply(this.holdChanges(request.userId, request.kind, request.refId, hold, 'hold'), id, at);
      return id;
    })();
  }

  /** Approves a pending review: takes its hold, then runs the kind's `approve`. */
  approve(id: number, by: Exclude<ReviewDecider, 'user'> = 'operator'): ReviewRow {
    return this.decide(id, 'approve', by, '');
  }

  /** Rejects a pending review with a reason (required): gives back its hold, then runs the kind's `reject`. */
  reject(id: number, reason: string, by: Exclude<ReviewDecider, 'user'> = 'operator'): ReviewRow {
    const text = reason.trim();
    if (!text) throw new ReviewDecisionError('reasonRequired', 'a rejection needs a reason');
    return this.decide(id, 'reject', by, text);
  }

  /**
   * The user withdraws their own pending request (a loan application, an internal transfer): gives
   * back its hold and runs the kind's `cancel`. Another user's review reads as not found.
   */
  cancel(id: number, userId: number): ReviewRow {
    return this.decide(id, 'cancel', 'user', '', userId);
  }

  find(id: number): ReviewRow | null {
    return this.repo.find(id);
  }

  /** The newest review of a feature record (the pending one while there is one). */
  findByRef(kind: string, refId: number): ReviewRow | null {
    return this.repo.findByRef(kind, refId);
  }

  list(query: ReviewQuery): { rows: ReviewRow[]; total: number } {
    return this.repo.list(query);
  }

  /** Pending reviews submitted at or before `createdBy`, of kinds that take automatic approval, oldest first. */
  autoApprovable(createdBy: number): ReviewRow[] {
    return this.repo.pendingSince(this.autoApprovedKinds(), createdBy);
  }

  private decide(id: number, verdict: Verdict, by: ReviewDecider, reason: string, userId?: number): ReviewRow {
    const at = this.now();
    return this.db
      .transaction(() => {
        const review = this.repo.find(id);
        if (!review || (userId !== undefined && review.user_id !== userId))
          throw new ReviewDecisionError('notFound', `no review ${id}`);
        if (review.status !== 'pending') throw decidedError(review);
        const kind = this.kinds.get(review.kind);
        if (!kind)
          throw new ReviewDecisionError(
            'unknownKind',
            `review ${id} is of kind "${review.kind}", which this server does not know (known: ${this.kindNames().join(', ') || 'none'})`,
          );
        const handler = kind[verdict]?.bind(kind);
        if (!handler) throw new ReviewDecisionError('notCancellable', `a ${review.kind} review cannot be cancelled`);
        if (!this.repo.close(id, { status: STATUS_OF[verdict], by, reason, at }))
          throw decidedError(this.repo.find(id) ?? review);
        if (review.hold)
          this.ledger.apply(
            this.holdChanges(
              review.user_id,
              review.kind,
              review.ref_id,
              review.hold,
              verdict === 'approve' ? 'take' : 'release',
            ),
            id,
            at,
          );
        handler({ review, reason, by, at });
        return this.repo.find(id) as ReviewRow;
      })
      .immediate();
  }

  private holdChanges(
    userId: number,
    kind: string,
    refId: number,
    hold: ReviewHold,
    step: 'hold' | 'take' | 'release',
  ): BalanceChange[] {
    const key = { userId, coinId: hold.coinId, accountType: hold.accountType };
    const remark = `${kind} #${refId}`;
    if (step === 'hold') {
      return [
        { ...key, part: 'available', amount: -hold.amount, kind: 'review_hold', remark },
        { ...key, part: 'frozen', amount: hold.amount, kind: 'review_hold', remark },
      ];
    }
    if (step === 'take') return [{ ...key, part: 'frozen', amount: -hold.amount, kind: 'review_take', remark }];
    return [
      { ...key, part: 'frozen', amount: -hold.amount, kind: 'review_release', remark },
      { ...key, part: 'available', amount: hold.amount, kind: 'review_release', remark },
    ];
  }
}

function decidedError(review: ReviewRow): ReviewDecisionError {
  const when = review.decided_at === null ? '' : ` at ${new Date(review.decided_at).toISOString()}`;
  return new ReviewDecisionError(
    'decided',
    `review ${review.id} was already ${review.status} by ${review.decided_by ?? 'someone'}${when}; nothing changed`,
  );
}

/** Builds the queue with the kinds `factories` make, all on `db` and `now`. */
export function createReviews(db: Db, now: () => number, factories: readonly ReviewKindFactory[]): Reviews {
  const ledger = new LedgerRepository(db);
  return new Reviews(
    db,
    now,
    factories.map((make) => make({ db, ledger, now })),
  );
}
