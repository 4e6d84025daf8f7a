import type { Db } from '../database.ts';
import { rowReader, type RowPage } from './earn-rows.ts';

/** The two products that lock a principal for a number of days and pay interest on it. */
export type LockedTable = 'mining_orders' | 'staking_orders';

/** 0 running, 1 ended (principal back), 2 redeemed early. */
export type LockedStatus = 0 | 1 | 2;

/** The columns mining and staking orders share (migrations 031 and 032), with the coin's title. */
export interface LockedOrderRow {
  id: number;
  order_num: string;
  user_id: number;
  product_id: number;
  title: string;
  coin_id: number;
  coin: string;
  account_type: number;
  amount: bigint;
  days: number;
  rate_ppm: number;
  type: 0 | 1;
  redeem_fee_ppm: number;
  status: LockedStatus;
  start_time: number;
  end_time: number;
  paid_days: number;
  total_revenue: bigint;
  returned: bigint;
  closed_at: number | null;
}

const toOrder = rowReader<LockedOrderRow>(['amount', 'total_revenue', 'returned']);

/**
 * What the interest job and early redemption need of a mining or staking order. Every change is
 * guarded by the state it leaves (running, and the day before for a day's interest), so it happens
 * at most once whoever races for it.
 */
export class LockedOrderRepository<Row extends LockedOrderRow = LockedOrderRow> {
  private readonly select: string;

  constructor(
    private readonly db: Db,
    /** One of two literal table names, never user input. */
    private readonly table: LockedTable,
  ) {
    this.select = `SELECT o.*, c.title AS coin FROM ${table} o JOIN coins c ON c.id = o.coin_id`;
  }

  find(id: number): Row | null {
    const raw = this.db.prepare(`${this.select} WHERE o.id = ?`).safeIntegers(true).get(id) as
      Record<string, unknown> | undefined;
    return raw ? (toOrder(raw) as Row) : null;
  }

  /** Every running order, oldest first. */
  running(): Row[] {
    const rows = this.db.prepare(`${this.select} WHERE o.status = 0 ORDER BY o.id`).safeIntegers(true).all() as Record<
      string,
      unknown
    >[];
    return rows.map((raw) => toOrder(raw) as Row);
  }

  /** Records day `day`'s interest: only when the order runs and `day - 1` days were paid. */
  recordDay(id: number, day: number, interest: bigint): boolean {
    return (
      this.db
        .prepare(
          `UPDATE ${this.table} SET paid_days = ?, total_revenue = total_revenue + ? WHERE id = ? AND status = 0 AND paid_days = ?`,
        )
        .run(day, interest, id, day - 1).changes === 1
    );
  }

  /** Running -> ended (1) or redeemed (2), with the principal given back. */
  close(id: number, status: 1 | 2, returned: bigint, at: number): boolean {
    return (
      this.db
        .prepare(`UPDATE ${this.table} SET status = ?, returned = ?, closed_at = ? WHERE id = ? AND status = 0`)
        .run(status, returned, at, id).changes === 1
    );
  }

  /** A user's orders, newest first; `status` null for all. */
  page(userId: number, status: LockedStatus | null, page: number, limit: number): RowPage<Row> {
    const where = status === null ? 'o.user_id = ?' : 'o.user_id = ? AND o.status = ?';
    const args = status === null ? [userId] : [userId, status];
    const rows = this.db
      .prepare(`${this.select} WHERE ${where} ORDER BY o.id DESC LIMIT ? OFFSET ?`)
      .safeIntegers(true)
      .all(...args, limit, (page - 1) * limit) as Record<string, unknown>[];
    const total = this.db
      .prepare(`SELECT COUNT(*) FROM ${this.table} o WHERE ${where}`)
      .pluck()
      .get(...args) as number;
    return { rows: rows.map((raw) => toOrder(raw) as Row), total };
  }
}
