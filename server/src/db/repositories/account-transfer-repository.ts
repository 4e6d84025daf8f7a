import type { Db } from '../database.ts';
import { recordPage } from './record-rows.ts';

/** A transfer between two of a user's own account types; `amount` in units. */
export interface AccountTransferRow {
  id: number;
  user_id: number;
  coin_id: number;
  from_type: number;
  to_type: number;
  amount: bigint;
  created_at: number;
}

const MONEY = new Set(['amount']);

/** Transfers between own accounts (migration 020): written with their bill rows, never changed. */
export class AccountTransferRepository {
  constructor(private readonly db: Db) {}

  insert(transfer: {
    userId: number;
    coinId: number;
    fromType: number;
    toType: number;
    amount: bigint;
    createdAt: number;
  }): number {
    const result = this.db
      .prepare(
        'INSERT INTO account_transfers (user_id, coin_id, from_type, to_type, amount, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(transfer.userId, transfer.coinId, transfer.fromType, transfer.toType, transfer.amount, transfer.createdAt);
    return Number(result.lastInsertRowid);
  }

  /** One page of a user's transfers of one coin into or out of one account type, newest first. */
  page(
    userId: number,
    coinId: number,
    accountType: number,
    page: number,
    limit: number,
  ): { rows: AccountTransferRow[]; total: number } {
    return recordPage<AccountTransferRow>(
      this.db,
      {
        select: '*',
        from: 'account_transfers',
        where: 'user_id = @userId AND coin_id = @coinId AND (from_type = @accountType OR to_type = @accountType)',
        args: { userId, coinId, accountType },
        money: MONEY,
      },
      page,
      limit,
    );
  }
}
