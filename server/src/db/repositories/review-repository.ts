import type { Db } from '../database.ts';

export type ReviewStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

/** Who took a decision: an operator command, the demo's automatic approval (or a job), or the user cancelling. */
export type ReviewDecider = 'operator' | 'auto' | 'user';

/** An amount of the review's user's balance frozen at submit: coin, account type, units. */
export interface ReviewHold {
  coinId: number;
  accountType: number;
  amount: bigint;
}

/** A review as stored, with its user's name and the hold's coin title joined for display. */
export interface ReviewRow {
  id: number;
  kind: string;
  user_id: number;
  username: string;
  ref_id: number;
  summary: string;
  hold: ReviewHold | null;
  /** The hold's coin title (e.g. USDT), or null without a hold. */
  hold_coin: string | null;
  status: ReviewStatus;
  reason: string;
  decided_by: ReviewDecider | null;
  created_at: number;
  decided_at: number | null;
}

export interface NewReview {
  kind: string;
  userId: number;
  refId: number;
  summary: string;
  hold: ReviewHold | null;
  createdAt: number;
}

export interface ReviewDecisionRecord {
  status: Exclude<ReviewStatus, 'pending'>;
  by: ReviewDecider;
  reason: string;
  at: number;
}

export interface ReviewQuery {
  kind?: string;
  /** Only pending reviews (oldest first), or every review (newest first). */
  pendingOnly: boolean;
  limit: number;
}

const SELECT = `SELECT r.*, u.username, c.title AS hold_coin
  FROM reviews r JOIN users u ON u.id = r.user_id LEFT JOIN coins c ON c.id = r.hold_coin_id`;

function toRow(raw: Record<string, unknown>): ReviewRow {
  const int = (key: string): number => Number(raw[key]);
  const hold =
    raw.hold_amount === null
      ? null
      : { coinId: int('hold_coin_id'), accountType: int('hold_account_type'), amount: raw.hold_amount as bigint };
  return {
    id: int('id'),
    kind: raw.kind as string,
    user_id: int('user_id'),
    username: raw.username as string,
    ref_id: int('ref_id'),
    summary: raw.summary as string,
    hold,
    hold_coin: (raw.hold_coin as string | null) ?? null,
    status: raw.status as ReviewStatus,
    reason: raw.reason as string,
    decided_by: (raw.decided_by as ReviewDecider | null) ?? null,
    created_at: int('created_at'),
    decided_at: raw.decided_at === null ? null : int('decided_at'),
  };
}

/**
 * The review queue's rows. A decision is written by `close`, guarded by the pending status, so of
 * two deciders racing (an operator command and the automatic approval) exactly one succeeds.
 */
export class ReviewRepository {
  constructor(private readonly db: Db) {}

  insert(review: NewReview): number {
    const { hold } = review;
    const result = this.db
      .prepare(
        `INSERT INTO reviews (kind, user_id, ref_id, summary, hold_coin_id, hold_account_type, hold_amount, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        review.kind,
        review.userId,
        review.refId,
        review.summary,
        hold?.coinId ?? null,
        hold?.accountType ?? null,
        hold?.amount ?? null,
        review.createdAt,
      );
    return Number(result.lastInsertRowid);
  }

  find(id: number): ReviewRow | null {
    const raw = this.db.prepare(`${SELECT} WHERE r.id = ?`).safeIntegers(true).get(id) as
      Record<string, unknown> | undefined;
    return raw ? toRow(raw) : null;
  }

  /** The newest review of a feature record (the pending one if any), or null. */
  findByRef(kind: string, refId: number): ReviewRow | null {
    const raw = this.db
      .prepare(`${SELECT} WHERE r.kind = ? AND r.ref_id = ? ORDER BY r.id DESC LIMIT 1`)
      .safeIntegers(true)
      .get(kind, refId) as Record<string, unknown> | undefined;
    return raw ? toRow(raw) : null;
  }

  /** Ends a pending review; false when it was no longer pending (someone decided first). */
  close(id: number, decision: ReviewDecisionRecord): boolean {
    return (
      this.db
        .prepare(
          `UPDATE reviews SET status = ?, decided_by = ?, reason = ?, decided_at = ? WHERE id = ? AND status = 'pending'`,
        )
        .run(decision.status, decision.by, decision.reason, decision.at, id).changes === 1
    );
  }

  /** Reviews for the operator: pending ones oldest first, or all newest first; optionally of one kind. */
  list(query: ReviewQuery): { rows: ReviewRow[]; total: number } {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (query.pendingOnly) where.push("r.status = 'pending'");
    if (query.kind !== undefined) {
      where.push('r.kind = ?');
      args.push(query.kind);
    }
    const clause = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const order = query.pendingOnly ? 'r.created_at, r.id' : 'r.id DESC';
    const rows = this.db
      .prepare(`${SELECT}${clause} ORDER BY ${order} LIMIT ?`)
      .safeIntegers(true)
      .all(...args, query.limit) as Record<string, unknown>[];
    const total = this.db
      .prepare(`SELECT COUNT(*) FROM reviews r${clause}`)
      .pluck()
      .get(...args) as number;
    return { rows: rows.map(toRow), total };
  }

  /** Pending reviews of the given kinds submitted at or before `createdBy`, oldest first. */
  pendingSince(kinds: readonly string[], createdBy: number): ReviewRow[] {
    if (kinds.length === 0) return [];
    const rows = this.db
      .prepare(
        `${SELECT} WHERE r.status = 'pending' AND r.created_at <= ? AND r.kind IN (${kinds.map(() => '?').join(', ')}) ORDER BY r.created_at, r.id`,
      )
      .safeIntegers(true)
      .all(createdBy, ...kinds) as Record<string, unknown>[];
    return rows.map(toRow);
  }
}
