import type { Db } from '../database.ts';
import type { RecordStatus } from './deposit-repository.ts';
import { recordPage, rowWithMoney } from './record-rows.ts';

/** A withdrawal as stored; amounts in units (`fee + received = amount`). */
export interface WithdrawalRow {
  id: number;
  user_id: number;
  coin_id: number;
  account_type: number;
  amount: bigint;
  fee: bigint;
  received: bigint;
  withdraw_type: 1 | 2;
  destination_id: number;
  destination: string;
  network: string;
  status: RecordStatus;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface NewWithdrawal {
  userId: number;
  coinId: number;
  accountType: number;
  amount: bigint;
  fee: bigint;
  received: bigint;
  withdrawType: 1 | 2;
  destinationId: number;
  destination: string;
  network: string;
  createdAt: number;
}

const MONEY = new Set(['amount', 'fee', 'received']);

/** Withdrawals (migration 020). A status leaves 1 once, guarded in SQL. */
export class WithdrawalRepository {
  constructor(private readonly db: Db) {}

  insert(withdrawal: NewWithdrawal): number {
    const result = this.db
      .prepare(
        `INSERT INTO withdrawals (user_id, coin_id, account_type, amount, fee, received, withdraw_type, destination_id, destination, network, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        withdrawal.userId,
        withdrawal.coinId,
        withdrawal.accountType,
        withdrawal.amount,
        withdrawal.fee,
        withdrawal.received,
        withdrawal.withdrawType,
        withdrawal.destinationId,
        withdrawal.destination,
        withdrawal.network,
        withdrawal.createdAt,
        withdrawal.createdAt,
      );
    return Number(result.lastInsertRowid);
  }

  find(id: number): WithdrawalRow | null {
    const raw = this.db.prepare('SELECT * FROM withdrawals WHERE id = ?').safeIntegers(true).get(id) as
      Record<string, unknown> | undefined;
    return raw ? rowWithMoney<WithdrawalRow>(raw, MONEY) : null;
  }

  /** Ends a pending withdrawal; throws when it was not pending (the review decides once, so it always is). */
  close(id: number, status: 2 | 3, remark: string, at: number): void {
    const changed = this.db
      .prepare('UPDATE withdrawals SET status = ?, remark = ?, updated_at = ? WHERE id = ? AND status = 1')
      .run(status, remark, at, id).changes;
    if (changed !== 1) throw new Error(`withdrawal ${id} is not pending`);
  }

  /** One page of a user's withdrawals of one coin from one account type, newest first. */
  page(
    userId: number,
    coinId: number,
    accountType: number,
    page: number,
    limit: number,
  ): { rows: WithdrawalRow[]; total: number } {
    return recordPage<WithdrawalRow>(
      this.db,
      {
        select: '*',
        from: 'withdrawals',
        where: 'user_id = @userId AND coin_id = @coinId AND account_type = @accountType',
        args: { userId, coinId, accountType },
        money: MONEY,
      },
      page,
      limit,
    );
  }
}
