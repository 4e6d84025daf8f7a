import type { Db } from '../database.ts';

/**
 * What caused a bill row. Other features add their own kinds. The review kinds move a request's hold
 * (domain/reviews.ts): `review_hold` freezes it at submit, `review_take` consumes it on approval,
 * `review_release` gives it back on rejection or cancellation.
 */
export type BillKind =
  | 'grant'
  | 'review_hold'
  | 'review_take'
  | 'review_release'
  | 'spot_freeze'
  | 'spot_unfreeze'
  | 'spot_fill'
  | 'spot_fee'
  | 'option_stake'
  | 'option_fee'
  | 'option_payout'
  | 'option_refund'
  // The wallet: a deposit credited on approval, both sides of a transfer between own
  // accounts, and the legs and fee of a flash exchange (withdrawals move money as review holds).
  | 'deposit'
  | 'transfer_out'
  | 'transfer_in'
  | 'exchange_out'
  | 'exchange_in'
  | 'exchange_fee'
  | EarnBillKind;

/**
 * The earn products' bill kinds: a loan credited and repaid; a mining or staking
 * principal locked (available -> frozen), its interest, and its principal unlocked at the end or
 * on an early redemption; an internal transfer arriving (its sending is the review hold's kinds).
 */
export type EarnBillKind =
  | 'loan_credit'
  | 'loan_repay'
  | 'mining_lock'
  | 'mining_interest'
  | 'mining_unlock'
  | 'mining_redeem'
  | 'staking_lock'
  | 'staking_interest'
  | 'staking_unlock'
  | 'staking_redeem'
  | 'internal_transfer_in';

/** One balance: a user's coin in one account type. */
export interface BalanceKey {
  userId: number;
  coinId: number;
  accountType: number;
}

/** A signed change of one part of a balance, in units. */
export interface BalanceChange extends BalanceKey {
  part: 'available' | 'frozen';
  amount: bigint;
  kind: BillKind;
  remark?: string;
}

export interface Balance {
  available: bigint;
  frozen: bigint;
}

/** A bill row as stored, every integer read as BigInt; amounts in units. */
export interface BillRow {
  id: bigint;
  user_id: bigint;
  coin_id: bigint;
  account_type: bigint;
  part: 'available' | 'frozen';
  amount: bigint;
  balance: bigint;
  kind: string;
  ref_id: bigint | null;
  remark: string;
  created_at: bigint;
}

/** Thrown when a change would take a part of a balance below zero; nothing was written. */
export class InsufficientBalanceError extends Error {
  constructor(readonly key: BalanceKey & { part: 'available' | 'frozen' }) {
    super(
      `balance of user ${key.userId} coin ${key.coinId} account ${key.accountType} (${key.part}) would go negative`,
    );
  }
}

const ZERO: Balance = { available: 0n, frozen: 0n };

/**
 * The only writer of `balances`: every change goes through `apply`, which updates the balance and
 * writes its bill row in one transaction (a savepoint when the caller already runs one, so an
 * order row and its balance changes commit or fail together). A change that would make a part
 * negative throws InsufficientBalanceError and rolls back the whole `apply` call; the
 * `CHECK (>= 0)` columns back this up in the schema.
 */
export class LedgerRepository {
  constructor(private readonly db: Db) {}

  balance(key: BalanceKey): Balance {
    const row = this.db
      .prepare('SELECT available, frozen FROM balances WHERE user_id = ? AND coin_id = ? AND account_type = ?')
      .safeIntegers(true)
      .get(key.userId, key.coinId, key.accountType) as Balance | undefined;
    return row ?? ZERO;
  }

  /** Every balance row of a user (a coin in an account type); what has no row is zero. */
  balancesOf(userId: number): (BalanceKey & Balance)[] {
    const rows = this.db
      .prepare('SELECT coin_id, account_type, available, frozen FROM balances WHERE user_id = ?')
      .safeIntegers(true)
      .all(userId) as {
      coin_id: bigint;
      account_type: bigint;
      available: bigint;
      frozen: bigint;
    }[];
    return rows.map((row) => ({
      userId,
      coinId: Number(row.coin_id),
      accountType: Number(row.account_type),
      available: row.available,
      frozen: row.frozen,
    }));
  }

  /** Applies the changes in order, each with its bill row (kind, ref_id, remark, time). */
  apply(changes: readonly BalanceChange[], refId: number | null, at: number): void {
    this.db.transaction(() => {
      for (const change of changes) this.applyOne(change, refId, at);
    })();
  }

  private applyOne(change: BalanceChange, refId: number | null, at: number): void {
    if (change.amount === 0n) return;
    const { userId, coinId, accountType, part } = change;
    this.db
      .prepare('INSERT OR IGNORE INTO balances (user_id, coin_id, account_type) VALUES (?, ?, ?)')
      .run(userId, coinId, accountType);
    const current = this.balance(change);
    const after = current[part] + change.amount;
    if (after < 0n) throw new InsufficientBalanceError({ userId, coinId, accountType, part });
    // `part` is one of two literal column names, never user input.
    this.db
      .prepare(`UPDATE balances SET ${part} = ? WHERE user_id = ? AND coin_id = ? AND account_type = ?`)
      .run(after, userId, coinId, accountType);
    this.db
      .prepare(
        `INSERT INTO bills (user_id, coin_id, account_type, part, amount, balance, kind, ref_id, remark, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(userId, coinId, accountType, part, change.amount, after, change.kind, refId, change.remark ?? '', at);
  }

  /** A user's bill rows, oldest first (optionally of one coin). */
  bills(userId: number, coinId?: number): BillRow[] {
    const sql = `SELECT * FROM bills WHERE user_id = ?${coinId === undefined ? '' : ' AND coin_id = ?'} ORDER BY id`;
    const args = coinId === undefined ? [userId] : [userId, coinId];
    return this.db
      .prepare(sql)
      .safeIntegers(true)
      .all(...args) as BillRow[];
  }
}
