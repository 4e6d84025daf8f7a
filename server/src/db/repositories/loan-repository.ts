import type { Db } from '../database.ts';
import { nextNumbered, rowReader, type RowPage } from './earn-rows.ts';

/** A loan product (docs/product-rules.md#loans). */
export interface LoanProjectRow {
  id: number;
  title: string;
  mechanism: string;
  coin_id: number;
  coin: string;
  min_amount: bigint;
  max_amount: bigint;
  rate_ppm: number;
  cycle_days: number;
  enabled: number;
  sort: number;
}

/** 1 pending review, 2 approved, 3 rejected, 4 cancelled by the user. */
export type LoanStatus = 1 | 2 | 3 | 4;

/** An application and, once approved, the loan (docs/product-rules.md#loans), with its coin's title. */
export interface LoanOrderRow {
  id: number;
  order_num: string;
  user_id: number;
  project_id: number;
  title: string;
  coin_id: number;
  coin: string;
  account_type: number;
  amount: bigint;
  rate_ppm: number;
  cycle_days: number;
  interest: bigint;
  total_amount: bigint;
  front_card: string;
  later_card: string;
  handheld_card: string;
  status: LoanStatus;
  reason: string;
  is_repayment: 0 | 1;
  created_at: number;
  decided_at: number | null;
  repayment_time: number | null;
  repaid_at: number | null;
}

export interface NewLoanOrder {
  userId: number;
  project: LoanProjectRow;
  accountType: number;
  amount: bigint;
  interest: bigint;
  frontCard: string;
  laterCard: string;
  handheldCard: string;
  createdAt: number;
}

const PROJECT_SELECT = 'SELECT p.*, c.title AS coin FROM loan_projects p JOIN coins c ON c.id = p.coin_id';
const ORDER_SELECT = 'SELECT o.*, c.title AS coin FROM loan_orders o JOIN coins c ON c.id = o.coin_id';
const toProject = rowReader<LoanProjectRow>(['min_amount', 'max_amount']);
const toOrder = rowReader<LoanOrderRow>(['amount', 'interest', 'total_amount']);

/**
 * Loan products and orders. Every change of an order's state is guarded by the state it leaves, so
 * a decision or a repayment racing another one changes the row at most once (the caller checks the
 * returned boolean inside its transaction).
 */
export class LoanRepository {
  constructor(private readonly db: Db) {}

  /** The products on offer, in display order. */
  projects(): LoanProjectRow[] {
    const rows = this.db
      .prepare(`${PROJECT_SELECT} WHERE p.enabled = 1 ORDER BY p.sort, p.id`)
      .safeIntegers(true)
      .all() as Record<string, unknown>[];
    return rows.map(toProject);
  }

  project(id: number): LoanProjectRow | null {
    const raw = this.db.prepare(`${PROJECT_SELECT} WHERE p.id = ? AND p.enabled = 1`).safeIntegers(true).get(id) as
      Record<string, unknown> | undefined;
    return raw ? toProject(raw) : null;
  }

  addProject(project: Omit<LoanProjectRow, 'id' | 'coin' | 'enabled'>): number {
    return Number(
      this.db
        .prepare(
          'INSERT INTO loan_projects (title, mechanism, coin_id, min_amount, max_amount, rate_ppm, cycle_days, sort) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          project.title,
          project.mechanism,
          project.coin_id,
          project.min_amount,
          project.max_amount,
          project.rate_ppm,
          project.cycle_days,
          project.sort,
        ).lastInsertRowid,
    );
  }

  /** Inserts a pending application (call inside the transaction that submits its review); returns its id. */
  insert(order: NewLoanOrder): number {
    const { id, orderNum } = nextNumbered(this.db, 'loan_orders', 'LN', order.createdAt);
    const { project } = order;
    this.db
      .prepare(
        `INSERT INTO loan_orders (id, order_num, user_id, project_id, title, coin_id, account_type, amount, rate_ppm, cycle_days, interest,
           total_amount, front_card, later_card, handheld_card, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        orderNum,
        order.userId,
        project.id,
        project.title,
        project.coin_id,
        order.accountType,
        order.amount,
        project.rate_ppm,
        project.cycle_days,
        order.interest,
        order.amount + order.interest,
        order.frontCard,
        order.laterCard,
        order.handheldCard,
        order.createdAt,
      );
    return id;
  }

  find(id: number): LoanOrderRow | null {
    const raw = this.db.prepare(`${ORDER_SELECT} WHERE o.id = ?`).safeIntegers(true).get(id) as
      Record<string, unknown> | undefined;
    return raw ? toOrder(raw) : null;
  }

  findByNumber(orderNum: string): LoanOrderRow | null {
    const raw = this.db.prepare(`${ORDER_SELECT} WHERE o.order_num = ?`).safeIntegers(true).get(orderNum) as
      Record<string, unknown> | undefined;
    return raw ? toOrder(raw) : null;
  }

  /** Whether the user has an application under review or an unpaid loan of this product. */
  hasOpen(userId: number, projectId: number): boolean {
    return (
      this.db
        .prepare(
          'SELECT EXISTS (SELECT 1 FROM loan_orders WHERE user_id = ? AND project_id = ? AND (status = 1 OR (status = 2 AND is_repayment = 0)))',
        )
        .pluck()
        .get(userId, projectId) === 1
    );
  }

  /** Pending -> approved, with the repayment due time. */
  approve(id: number, at: number, repaymentTime: number): boolean {
    return (
      this.db
        .prepare('UPDATE loan_orders SET status = 2, decided_at = ?, repayment_time = ? WHERE id = ? AND status = 1')
        .run(at, repaymentTime, id).changes === 1
    );
  }

  /** Pending -> rejected (3, with the reason) or cancelled (4). */
  close(id: number, status: 3 | 4, reason: string, at: number): boolean {
    return (
      this.db
        .prepare('UPDATE loan_orders SET status = ?, reason = ?, decided_at = ? WHERE id = ? AND status = 1')
        .run(status, reason, at, id).changes === 1
    );
  }

  /** Approved and unpaid -> repaid. */
  markRepaid(id: number, at: number): boolean {
    return (
      this.db
        .prepare(
          'UPDATE loan_orders SET is_repayment = 1, repaid_at = ? WHERE id = ? AND status = 2 AND is_repayment = 0',
        )
        .run(at, id).changes === 1
    );
  }

  /** A user's orders, newest first; `status` 0 for all. */
  page(userId: number, status: 0 | LoanStatus, page: number, limit: number): RowPage<LoanOrderRow> {
    const where = status === 0 ? 'o.user_id = ?' : 'o.user_id = ? AND o.status = ?';
    const args = status === 0 ? [userId] : [userId, status];
    const rows = this.db
      .prepare(`${ORDER_SELECT} WHERE ${where} ORDER BY o.id DESC LIMIT ? OFFSET ?`)
      .safeIntegers(true)
      .all(...args, limit, (page - 1) * limit) as Record<string, unknown>[];
    const total = this.db
      .prepare(`SELECT COUNT(*) FROM loan_orders o WHERE ${where}`)
      .pluck()
      .get(...args) as number;
    return { rows: rows.map(toOrder), total };
  }
}
