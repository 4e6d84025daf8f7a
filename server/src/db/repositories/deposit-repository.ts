import type { Db } from '../database.ts';
import { recordPage, rowWithMoney } from './record-rows.ts';

/** Record statuses of docs/product-rules.md#account-records: 1 pending review, 2 completed, 3 not passed. */
export type RecordStatus = 1 | 2 | 3;

/** A deposit as stored; `amount` in units. */
export interface DepositRow {
  id: number;
  user_id: number;
  coin_id: number;
  account_type: number;
  amount: bigint;
  network_id: number;
  pay_type: number;
  network: string;
  address: string;
  proof: string;
  status: RecordStatus;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface NewDeposit {
  userId: number;
  coinId: number;
  accountType: number;
  amount: bigint;
  networkId: number;
  payType: number;
  network: string;
  address: string;
  proof: string;
  createdAt: number;
}

const MONEY = new Set(['amount']);

/** Deposits (migration 020). A status leaves 1 once, guarded in SQL. */
export class DepositRepository {
  constructor(private readonly db: Db) {}

  insert(deposit: NewDeposit): number {
    const result = this.db
      .prepare(
        `INSERT INTO deposits (user_id, coin_id, account_type, amount, network_id, pay_type, network, address, proof, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        deposit.userId,
        deposit.coinId,
        deposit.accountType,
        deposit.amount,
        deposit.networkId,
        deposit.payType,
        deposit.network,
        deposit.address,
        deposit.proof,
        deposit.createdAt,
        deposit.createdAt,
      );
    return Number(result.lastInsertRowid);
  }

  find(id: number): DepositRow | null {
    const raw = this.db.prepare('SELECT * FROM deposits WHERE id = ?').safeIntegers(true).get(id) as
      Record<string, unknown> | undefined;
    return raw ? rowWithMoney<DepositRow>(raw, MONEY) : null;
  }

  /** Ends a pending deposit; throws when it was not pending (the review decides once, so it always is). */
  close(id: number, status: 2 | 3, remark: string, at: number): void {
    const changed = this.db
      .prepare('UPDATE deposits SET status = ?, remark = ?, updated_at = ? WHERE id = ? AND status = 1')
      .run(status, remark, at, id).changes;
    if (changed !== 1) throw new Error(`deposit ${id} is not pending`);
  }

  /** One page of a user's deposits of one coin into one account type, newest first. */
  page(
    userId: number,
    coinId: number,
    accountType: number,
    page: number,
    limit: number,
  ): { rows: DepositRow[]; total: number } {
    return recordPage<DepositRow>(
      this.db,
      {
        select: '*',
        from: 'deposits',
        where: 'user_id = @userId AND coin_id = @coinId AND account_type = @accountType',
        args: { userId, coinId, accountType },
        money: MONEY,
      },
      page,
      limit,
    );
  }
}
