import type { Db } from '../database.ts';
import { rowWithMoney } from './record-rows.ts';

/**
 * A bill row as the user's bill list shows it. For the review kinds (`review_hold`, `review_release`)
 * `ref_id` is the review, so the review's own kind and record are joined (`review_kind`,
 * `review_ref`: "withdrawal", 12), which is what the row is about.
 */
export interface BillListRow {
  id: number;
  kind: string;
  amount: bigint;
  ref_id: number | null;
  remark: string;
  created_at: number;
  review_kind: string | null;
  review_ref: number | null;
}

const MONEY = new Set(['amount']);
const WHERE = "b.user_id = @userId AND b.coin_id = @coinId AND b.account_type = @accountType AND b.part = 'available'";

/**
 * The bill list (docs/product-rules.md#account-records) of one coin in one account type: the changes of its AVAILABLE part,
 * newest first. Freezing shows as money going out and unfreezing as money coming back; a frozen
 * amount that is then taken (an approved withdrawal) already left the available balance when it was
 * frozen, so the list always adds up to the available balance it explains.
 */
export class BillListRepository {
  constructor(private readonly db: Db) {}

  page(
    userId: number,
    coinId: number,
    accountType: number,
    page: number,
    limit: number,
  ): { rows: BillListRow[]; total: number } {
    const args = { userId, coinId, accountType };
    const raws = this.db
      .prepare(
        `SELECT b.id, b.kind, b.amount, b.ref_id, b.remark, b.created_at,
           CASE WHEN b.kind LIKE 'review\\_%' ESCAPE '\\' THEN r.kind END AS review_kind,
           CASE WHEN b.kind LIKE 'review\\_%' ESCAPE '\\' THEN r.ref_id END AS review_ref
         FROM bills b LEFT JOIN reviews r ON r.id = b.ref_id
         WHERE ${WHERE} ORDER BY b.id DESC LIMIT @limit OFFSET @offset`,
      )
      .safeIntegers(true)
      .all({ ...args, limit, offset: (page - 1) * limit }) as Record<string, unknown>[];
    const total = this.db.prepare(`SELECT COUNT(*) FROM bills b WHERE ${WHERE}`).pluck().get(args) as number;
    return { rows: raws.map((raw) => rowWithMoney<BillListRow>(raw, MONEY)), total };
  }
}
