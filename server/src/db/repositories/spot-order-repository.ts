import type { Statement } from 'better-sqlite3';
import type { Db } from '../database.ts';

/** A spot order row, every integer read as BigInt except the small enums and ids. */
export interface SpotOrderRow {
  id: number;
  user_id: number;
  market_id: number;
  side: 1 | 2;
  order_type: 1 | 2 | 3;
  status: 1 | 2 | 3 | 4;
  price: bigint | null;
  quantity: bigint | null;
  budget: bigint | null;
  frozen: bigint;
  filled_qty: bigint;
  filled_value: bigint;
  avg_price: bigint | null;
  fee: bigint;
  fee_coin_id: number | null;
  created_at: number;
  updated_at: number;
  trade_ts: number | null;
  /** The part a marketable limit took from the book at placement: base quantity and exact value (matching.ts `TakerValue`). */
  taker_qty: bigint;
  taker_value: bigint;
  taker_value_rem: bigint;
  /** A stop-limit's trigger price, its direction (1: a print at or above fires it, 2: at or below) and when it fired. */
  trigger_price: bigint | null;
  trigger_direction: 1 | 2 | null;
  triggered_at: number | null;
}

export interface NewSpotOrder {
  userId: number;
  marketId: number;
  side: 1 | 2;
  orderType: 1 | 2 | 3;
  status: 1 | 2 | 4;
  price: bigint | null;
  quantity: bigint | null;
  budget: bigint | null;
  frozen: bigint;
  createdAt: number;
  trigger?: { price: bigint; direction: 1 | 2 };
}

/** The result of a market order's fill, written once. */
export interface SpotFill {
  filledQty: bigint;
  filledValue: bigint;
  avgPrice: bigint;
  fee: bigint;
  feeCoinId: number;
  at: number;
  tradeTs: number | null;
}

/**
 * What a marketable limit order took from the book at placement, written once on the order just
 * inserted: its totals after that part and the part itself.
 */
export interface BookFill {
  filledQty: bigint;
  filledValue: bigint;
  avgPrice: bigint;
  fee: bigint;
  feeCoinId: number;
  /** What stays frozen for the rest (0 once complete). */
  frozen: bigint;
  complete: boolean;
  takerQty: bigint;
  takerValue: bigint;
  takerValueRem: bigint;
  /** Each book level it took, best first: one spot_fills row each (trade_id `book-1`, `book-2`, ...). */
  fills: readonly { price: bigint; quantity: bigint; value: bigint; fee: bigint }[];
  at: number;
}

/**
 * One fill of a limit order by one feed print: the order's new totals (cumulative, as the row
 * stores them) and this fill's own part for the fill record.
 */
export interface LimitFill {
  /** The filled quantity the order had before this fill; the update happens only if it still has it. */
  filledBefore: bigint;
  filledQty: bigint;
  filledValue: bigint;
  fee: bigint;
  feeCoinId: number;
  /** What stays frozen for the rest of the order (0 once complete). */
  frozen: bigint;
  /** Whether this fill completes the order (status 2) or leaves it open. */
  complete: boolean;
  /** This fill alone: base quantity, quote value and fee. */
  quantity: bigint;
  value: bigint;
  feeDelta: bigint;
  price: bigint;
  /** The order's average price after this fill (its book part and its resting fills). */
  avgPrice: bigint;
  tradeId: string;
  tradeTs: number;
  at: number;
}

/** A stored fill of a limit order (spot_fills), integers as BigInt. */
export interface SpotFillRow {
  id: number;
  order_id: number;
  trade_id: string;
  trade_ts: number;
  price: bigint;
  quantity: bigint;
  value: bigint;
  fee: bigint;
  created_at: number;
}

const SMALL = new Set([
  'id',
  'user_id',
  'market_id',
  'order_id',
  'side',
  'order_type',
  'status',
  'fee_coin_id',
  'created_at',
  'updated_at',
  'trade_ts',
  'trigger_direction',
  'triggered_at',
]);

/** Thrown inside `recordLimitFill` to roll back a fill record whose order update was refused. */
class StaleFill extends Error {}

function smallToNumbers(raw: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw))
    row[key] = SMALL.has(key) && typeof value === 'bigint' ? Number(value) : value;
  return row;
}

function toRow(raw: Record<string, unknown>): SpotOrderRow {
  return smallToNumbers(raw) as unknown as SpotOrderRow;
}

/** The statuses an order can be cancelled from: open (1) and waiting for its trigger (4). */
export const CANCELLABLE = '(1, 4)';

/**
 * Spot orders. Status moves only from 4 (waiting for its trigger) to 1 or 3, and from 1 (open) to 2
 * or 3, guarded in SQL so it happens once; a limit order may take several fills while open, each
 * guarded by the filled quantity it started from.
 */
export class SpotOrderRepository {
  // The matcher's statements, run on every trade of the market: prepared once, not on every call.
  private openStatement: Statement | undefined;
  private crossedStatement: Statement | undefined;

  constructor(private readonly db: Db) {}

  insert(order: NewSpotOrder): number {
    const result = this.db
      .prepare(
        `INSERT INTO spot_orders (user_id, market_id, side, order_type, status, price, quantity, budget, frozen, created_at, updated_at, trigger_price, trigger_direction)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        order.userId,
        order.marketId,
        order.side,
        order.orderType,
        order.status,
        order.price,
        order.quantity,
        order.budget,
        order.frozen,
        order.createdAt,
        order.createdAt,
        order.trigger?.price ?? null,
        order.trigger?.direction ?? null,
      );
    return Number(result.lastInsertRowid);
  }

  find(id: number): SpotOrderRow | null {
    const raw = this.db.prepare('SELECT * FROM spot_orders WHERE id = ?').safeIntegers(true).get(id) as
      Record<string, unknown> | undefined;
    return raw ? toRow(raw) : null;
  }

  /** Records the fill of an open order (or of a market order just inserted). False when it was not open. */
  markFilled(id: number, fill: SpotFill): boolean {
    const result = this.db
      .prepare(
        `UPDATE spot_orders SET status = 2, frozen = 0, filled_qty = ?, filled_value = ?, avg_price = ?, fee = ?, fee_coin_id = ?,
           updated_at = ?, trade_ts = ? WHERE id = ? AND status = 1`,
      )
      .run(fill.filledQty, fill.filledValue, fill.avgPrice, fill.fee, fill.feeCoinId, fill.at, fill.tradeTs, id);
    return result.changes === 1;
  }

  /**
   * Records the book part of a limit order just become active (open, nothing filled yet) and its
   * fill rows, one per level, stamped with that instant. Call inside the caller's transaction.
   * False when the order was not in that state.
   */
  recordBookFill(id: number, fill: BookFill): boolean {
    const insert = this.db.prepare(
      `INSERT INTO spot_fills (order_id, trade_id, trade_ts, price, quantity, value, fee, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    fill.fills.forEach((level, index) =>
      insert.run(id, `book-${index + 1}`, fill.at, level.price, level.quantity, level.value, level.fee, fill.at),
    );
    const result = this.db
      .prepare(
        `UPDATE spot_orders SET status = ?, frozen = ?, filled_qty = ?, filled_value = ?, avg_price = ?, fee = ?, fee_coin_id = ?,
           taker_qty = ?, taker_value = ?, taker_value_rem = ?, updated_at = ? WHERE id = ? AND status = 1 AND filled_qty = 0`,
      )
      .run(
        fill.complete ? 2 : 1,
        fill.frozen,
        fill.filledQty,
        fill.filledValue,
        fill.avgPrice,
        fill.fee,
        fill.feeCoinId,
        fill.takerQty,
        fill.takerValue,
        fill.takerValueRem,
        fill.at,
        id,
      );
    return result.changes === 1;
  }

  /**
   * Records one fill of an open limit order: its new totals, and the fill itself in spot_fills (one
   * per order and print, so a print delivered twice cannot fill twice). False, writing nothing, when
   * the order is no longer open or another fill changed it since it was read.
   */
  recordLimitFill(id: number, fill: LimitFill): boolean {
    const write = this.db.transaction((): boolean => {
      const inserted = this.db
        .prepare(
          `INSERT OR IGNORE INTO spot_fills (order_id, trade_id, trade_ts, price, quantity, value, fee, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(id, fill.tradeId, fill.tradeTs, fill.price, fill.quantity, fill.value, fill.feeDelta, fill.at);
      if (inserted.changes !== 1) return false;
      const updated = this.db
        .prepare(
          `UPDATE spot_orders SET status = ?, frozen = ?, filled_qty = ?, filled_value = ?, avg_price = ?, fee = ?, fee_coin_id = ?,
             updated_at = ?, trade_ts = ? WHERE id = ? AND status = 1 AND order_type IN (1, 3) AND filled_qty = ?`,
        )
        .run(
          fill.complete ? 2 : 1,
          fill.frozen,
          fill.filledQty,
          fill.filledValue,
          fill.avgPrice,
          fill.fee,
          fill.feeCoinId,
          fill.at,
          fill.tradeTs,
          id,
          fill.filledBefore,
        );
      // The fill record must not outlive a refused update: undo it (this runs as a savepoint).
      if (updated.changes !== 1) throw new StaleFill();
      return true;
    });
    try {
      return write();
    } catch (error) {
      if (error instanceof StaleFill) return false;
      throw error;
    }
  }

  /** The fills of one limit order, oldest first. */
  fills(orderId: number): SpotFillRow[] {
    const rows = this.db
      .prepare('SELECT * FROM spot_fills WHERE order_id = ? ORDER BY id')
      .safeIntegers(true)
      .all(orderId) as Record<string, unknown>[];
    return rows.map((raw) => smallToNumbers(raw) as unknown as SpotFillRow);
  }

  /** Cancels an open or waiting order; false when it was neither. */
  markCancelled(id: number, at: number): boolean {
    return (
      this.db
        .prepare(
          `UPDATE spot_orders SET status = 3, frozen = 0, updated_at = ? WHERE id = ? AND status IN ${CANCELLABLE}`,
        )
        .run(at, id).changes === 1
    );
  }

  /** A user's open and waiting orders (of one pair, or all with marketId 0), oldest first. */
  cancellable(userId: number, marketId: number): SpotOrderRow[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM spot_orders WHERE user_id = ? AND status IN ${CANCELLABLE} AND (? = 0 OR market_id = ?) ORDER BY id`,
      )
      .safeIntegers(true)
      .all(userId, marketId, marketId) as Record<string, unknown>[];
    return rows.map(toRow);
  }

  /**
   * Waiting stop-limit orders of a market placed before `tradeTs` that a print reaches: rising ones
   * with a trigger at or below `risingUpTo` (the print rounded down to a unit), falling ones with a
   * trigger at or above `fallingDownTo` (rounded up), in id order.
   */
  triggeredBy(marketId: number, risingUpTo: bigint, fallingDownTo: bigint, tradeTs: number): SpotOrderRow[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM spot_orders WHERE market_id = ? AND status = 4 AND created_at < ?
           AND ((trigger_direction = 1 AND trigger_price <= ?) OR (trigger_direction = 2 AND trigger_price >= ?)) ORDER BY id`,
      )
      .safeIntegers(true)
      .all(marketId, tradeTs, risingUpTo, fallingDownTo) as Record<string, unknown>[];
    return rows.map(toRow);
  }

  /** Turns a waiting stop-limit into an open limit order at `at`; false when it was no longer waiting. */
  markTriggered(id: number, at: number): boolean {
    return (
      this.db
        .prepare('UPDATE spot_orders SET status = 1, triggered_at = ?, updated_at = ? WHERE id = ? AND status = 4')
        .run(at, at, id).changes === 1
    );
  }

  /**
   * Open limit orders of a market placed (a stop-limit: triggered) before `tradeTs` that a print goes through
   * (matching.ts `throughBounds`): buys with a limit above `buyAbove`, sells below `sellBelow`, in
   * id order (matching.ts `sharePrint` puts them in book priority).
   */
  crossedBy(marketId: number, buyAbove: bigint, sellBelow: bigint, tradeTs: number): SpotOrderRow[] {
    this.crossedStatement ??= this.db
      .prepare(
        `SELECT * FROM spot_orders WHERE market_id = ? AND status = 1 AND order_type IN (1, 3) AND COALESCE(triggered_at, created_at) < ?
           AND ((side = 1 AND price > ?) OR (side = 2 AND price < ?)) ORDER BY id`,
      )
      .safeIntegers(true);
    const rows = this.crossedStatement.all(marketId, tradeTs, buyAbove, sellBelow) as Record<string, unknown>[];
    return rows.map(toRow);
  }

  /** Whether any order is open or waiting at all (the matcher skips work when none is). */
  hasOpen(): boolean {
    this.openStatement ??= this.db
      .prepare(`SELECT EXISTS (SELECT 1 FROM spot_orders WHERE status IN ${CANCELLABLE})`)
      .pluck();
    return this.openStatement.get() === 1;
  }

  /**
   * One page of a user's orders with a status, newest first; side 0 = both; marketId 0 = all pairs.
   * Status 1 lists every cancellable order: open and waiting for its trigger (4).
   */
  page(
    userId: number,
    filter: { status: number; side: number; marketId: number },
    page: number,
    limit: number,
  ): { rows: SpotOrderRow[]; total: number } {
    const where = `user_id = @userId AND (status = @status OR (@status = 1 AND status = 4)) AND (@side = 0 OR side = @side) AND (@marketId = 0 OR market_id = @marketId)`;
    const args = { userId, ...filter };
    const rows = this.db
      .prepare(`SELECT * FROM spot_orders WHERE ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`)
      .safeIntegers(true)
      .all({ ...args, limit, offset: (page - 1) * limit }) as Record<string, unknown>[];
    const total = this.db.prepare(`SELECT COUNT(*) FROM spot_orders WHERE ${where}`).pluck().get(args) as number;
    return { rows: rows.map(toRow), total };
  }
}
