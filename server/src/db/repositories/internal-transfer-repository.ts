import type { Db } from '../database.ts';
import { nextNumbered, rowReader, type RowPage } from './earn-rows.ts';

/** A coin users may send to each other (docs/product-rules.md#internal-transfers), with its title and decimals. */
export interface TransferCoinRow {
  coin_id: number;
  title: string;
  decimals: number;
  fee_ppm: number;
  days: number;
  sort: number;
}

/** 1 in transfer, 2 arrived, 3 cancelled. */
export type TransferStatus = 1 | 2 | 3;

/** An internal transfer with both users' names and the coin's title. */
export interface InternalTransferRow {
  id: number;
  order_num: string;
  from_user_id: number;
  from_username: string;
  to_user_id: number;
  to_username: string;
  coin_id: number;
  coin: string;
  account_type: number;
  amount: bigint;
  fee_ppm: number;
  fee: bigint;
  arrival_amount: bigint;
  status: TransferStatus;
  reason: string;
  created_at: number;
  arrival_time: number;
  finished_at: number | null;
}

export interface NewInternalTransfer {
  fromUserId: number;
  toUserId: number;
  coinId: number;
  accountType: number;
  amount: bigint;
  feePpm: number;
  fee: bigint;
  createdAt: number;
  arrivalTime: number;
}

const SELECT = `SELECT t.*, f.username AS from_username, r.username AS to_username, c.title AS coin
  FROM internal_transfers t JOIN users f ON f.id = t.from_user_id JOIN users r ON r.id = t.to_user_id JOIN coins c ON c.id = t.coin_id`;
const toTransfer = rowReader<InternalTransferRow>(['amount', 'fee', 'arrival_amount']);

/** Transfer coins and internal transfers; a transfer leaves status 1 once (guarded update). */
export class InternalTransferRepository {
  constructor(private readonly db: Db) {}

  coins(): TransferCoinRow[] {
    return this.db
      .prepare(
        `SELECT t.coin_id, c.title, c.decimals, t.fee_ppm, t.days, t.sort FROM transfer_coins t JOIN coins c ON c.id = t.coin_id
         WHERE t.enabled = 1 ORDER BY t.sort, c.sort, t.coin_id`,
      )
      .all() as TransferCoinRow[];
  }

  coin(coinId: number): TransferCoinRow | null {
    return this.coins().find((coin) => coin.coin_id === coinId) ?? null;
  }

  setCoin(coin: { coinId: number; feePpm: number; days: number; sort: number }): void {
    this.db
      .prepare(
        `INSERT INTO transfer_coins (coin_id, fee_ppm, days, sort) VALUES (?, ?, ?, ?)
         ON CONFLICT (coin_id) DO UPDATE SET fee_ppm = excluded.fee_ppm, days = excluded.days, sort = excluded.sort, enabled = 1`,
      )
      .run(coin.coinId, coin.feePpm, coin.days, coin.sort);
  }

  /** The account whose username is exactly `username`, letter case aside (emails are stored lower-case). */
  account(username: string): { id: number; username: string } | null {
    return (
      (this.db
        .prepare('SELECT id, username FROM users WHERE username = ? COLLATE NOCASE ORDER BY id LIMIT 1')
        .get(username) as { id: number; username: string } | undefined) ?? null
    );
  }

  /** Inserts a transfer in status 1 (inside the transaction that submits its review); returns its id. */
  insert(transfer: NewInternalTransfer): number {
    const { id, orderNum } = nextNumbered(this.db, 'internal_transfers', 'TR', transfer.createdAt);
    this.db
      .prepare(
        `INSERT INTO internal_transfers (id, order_num, from_user_id, to_user_id, coin_id, account_type, amount, fee_ppm, fee, arrival_amount,
           created_at, arrival_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        orderNum,
        transfer.fromUserId,
        transfer.toUserId,
        transfer.coinId,
        transfer.accountType,
        transfer.amount,
        transfer.feePpm,
        transfer.fee,
        transfer.amount - transfer.fee,
        transfer.createdAt,
        transfer.arrivalTime,
      );
    return id;
  }

  find(id: number): InternalTransferRow | null {
    const raw = this.db.prepare(`${SELECT} WHERE t.id = ?`).safeIntegers(true).get(id) as
      Record<string, unknown> | undefined;
    return raw ? toTransfer(raw) : null;
  }

  /** Transfers in status 1 whose arrival time is at or before `at`, oldest first. */
  due(at: number): InternalTransferRow[] {
    const rows = this.db
      .prepare(`${SELECT} WHERE t.status = 1 AND t.arrival_time <= ? ORDER BY t.arrival_time, t.id`)
      .safeIntegers(true)
      .all(at) as Record<string, unknown>[];
    return rows.map(toTransfer);
  }

  /** In transfer -> arrived (2) or cancelled (3). */
  finish(id: number, status: 2 | 3, reason: string, at: number): boolean {
    return (
      this.db
        .prepare('UPDATE internal_transfers SET status = ?, reason = ?, finished_at = ? WHERE id = ? AND status = 1')
        .run(status, reason, at, id).changes === 1
    );
  }

  /** The transfers a user sent or received, newest first; `status` 0 for all. */
  page(userId: number, status: 0 | TransferStatus, page: number, limit: number): RowPage<InternalTransferRow> {
    const where = `(t.from_user_id = ? OR t.to_user_id = ?)${status === 0 ? '' : ' AND t.status = ?'}`;
    const args = status === 0 ? [userId, userId] : [userId, userId, status];
    const rows = this.db
      .prepare(`${SELECT} WHERE ${where} ORDER BY t.id DESC LIMIT ? OFFSET ?`)
      .safeIntegers(true)
      .all(...args, limit, (page - 1) * limit) as Record<string, unknown>[];
    const total = this.db
      .prepare(`SELECT COUNT(*) FROM internal_transfers t WHERE ${where}`)
      .pluck()
      .get(...args) as number;
    return { rows: rows.map(toTransfer), total };
  }
}
