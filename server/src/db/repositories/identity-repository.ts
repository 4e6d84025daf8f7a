import type { Db } from '../database.ts';

/** Identity status of docs/product-rules.md#identity-verification (users.rzstatus): 0 and 3 await a request, 1 is under review, 2 certified. */
export const RZ_AWAITING = 0;
export const RZ_REVIEW = 1;
export const RZ_CERTIFIED = 2;
export const RZ_REJECTED = 3;

/** One identity verification request (migration 014). */
export interface IdentityRow {
  id: number;
  user_id: number;
  real_name: string;
  front_card: string;
  back_card: string;
  /** 1 under review, 2 approved, 3 rejected. */
  status: 1 | 2 | 3;
  reason: string;
  created_at: number;
  decided_at: number | null;
}

export interface NewIdentity {
  userId: number;
  realName: string;
  frontCard: string;
  backCard: string;
  createdAt: number;
}

/** Identity verification requests and the user's rzstatus, which always follows the newest request. */
export class IdentityRepository {
  constructor(private readonly db: Db) {}

  /**
   * Moves the user from awaiting (any status but under review or certified) to under review; false
   * when the user is not awaiting. The conditional update is what makes two racing submits one.
   */
  startReview(userId: number): boolean {
    return (
      this.db
        .prepare('UPDATE users SET rzstatus = ? WHERE id = ? AND rzstatus NOT IN (?, ?)')
        .run(RZ_REVIEW, userId, RZ_REVIEW, RZ_CERTIFIED).changes === 1
    );
  }

  insert(request: NewIdentity): number {
    const result = this.db
      .prepare(
        'INSERT INTO identity_verifications (user_id, real_name, front_card, back_card, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(request.userId, request.realName, request.frontCard, request.backCard, request.createdAt);
    return Number(result.lastInsertRowid);
  }

  find(id: number): IdentityRow | null {
    return (
      (this.db.prepare('SELECT * FROM identity_verifications WHERE id = ?').get(id) as IdentityRow | undefined) ?? null
    );
  }

  /** The user's newest request, or null when they never submitted one. */
  latest(userId: number): IdentityRow | null {
    return (
      (this.db
        .prepare('SELECT * FROM identity_verifications WHERE user_id = ? ORDER BY id DESC LIMIT 1')
        .get(userId) as IdentityRow | undefined) ?? null
    );
  }

  /** Records the decision on request `id` (2 approved, 3 rejected with `reason`) and sets the user's rzstatus to match. */
  decide(id: number, status: 2 | 3, reason: string, at: number): void {
    const row = this.find(id);
    if (!row) throw new Error(`identity verification ${id} does not exist`);
    this.db
      .prepare('UPDATE identity_verifications SET status = ?, reason = ?, decided_at = ? WHERE id = ?')
      .run(status, reason, at, id);
    this.db
      .prepare('UPDATE users SET rzstatus = ? WHERE id = ?')
      .run(status === 2 ? RZ_CERTIFIED : RZ_REJECTED, row.user_id);
  }
}
