import type { Db } from '../database.ts';

/** The single options settings row. */
export interface OptionSettingsRow {
  coin_id: number;
  account_type: number;
  multipliers: string;
  price_type: number;
  fee_ppm: number;
}

/** One duration on offer: payout in basis points of a percent, minimum stake in units. */
export interface OptionDurationRow {
  seconds: number;
  payout_bp: number;
  min_stake: bigint;
  sort: number;
}

/** result: 0 open, 1 win, 2 lose, 3 tie, 4 void. */
export type OptionResultCode = 0 | 1 | 2 | 3 | 4;

export interface OptionOrderRow {
  id: number;
  user_id: number;
  market_id: number;
  coin_id: number;
  account_type: number;
  direction: 1 | 2;
  seconds: number;
  payout_bp: number;
  stake: bigint;
  fee: bigint;
  status: 1 | 2;
  buy_price: string;
  buy_price_ts: number;
  /** The trade that set the buy price (null for orders from before migration 040). */
  buy_trade_id: string | null;
  buy_trade_ts: number | null;
  created_at: number;
  expires_at: number;
  settle_price: string | null;
  settle_price_ts: number | null;
  /** The trade that set the settlement price (null while open, for a void order, and before migration 040). */
  settle_trade_id: string | null;
  settle_trade_ts: number | null;
  result: OptionResultCode;
  payout: bigint;
  settled_at: number | null;
}

export interface NewOptionOrder {
  userId: number;
  marketId: number;
  coinId: number;
  accountType: number;
  direction: 1 | 2;
  seconds: number;
  payoutBp: number;
  stake: bigint;
  fee: bigint;
  buyPrice: string;
  buyPriceTs: number;
  buyTradeId: string;
  buyTradeTs: number;
  createdAt: number;
}

export interface OptionSettlement {
  settlePrice: string | null;
  settlePriceTs: number | null;
  settleTradeId: string | null;
  settleTradeTs: number | null;
  result: Exclude<OptionResultCode, 0>;
  payout: bigint;
  at: number;
}

const MONEY = new Set(['stake', 'fee', 'payout', 'min_stake']);

function toRow<T>(raw: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw))
    row[key] = !MONEY.has(key) && typeof value === 'bigint' ? Number(value) : value;
  return row as T;
}

/** The options configuration and orders. An order settles once: the update is guarded by status 1. */
export class OptionRepository {
  constructor(private readonly db: Db) {}

  settings(): OptionSettingsRow {
    return this.db
      .prepare('SELECT coin_id, account_type, multipliers, price_type, fee_ppm FROM option_settings WHERE id = 1')
      .get() as OptionSettingsRow;
  }

  durations(): OptionDurationRow[] {
    const rows = this.db
      .prepare('SELECT * FROM option_durations ORDER BY sort, seconds')
      .safeIntegers(true)
      .all() as Record<string, unknown>[];
    return rows.map((raw) => toRow<OptionDurationRow>(raw));
  }

  insert(order: NewOptionOrder): number {
    const result = this.db
      .prepare(
        `INSERT INTO option_orders (user_id, market_id, coin_id, account_type, direction, seconds, payout_bp, stake, fee,
           buy_price, buy_price_ts, buy_trade_id, buy_trade_ts, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        order.userId,
        order.marketId,
        order.coinId,
        order.accountType,
        order.direction,
        order.seconds,
        order.payoutBp,
        order.stake,
        order.fee,
        order.buyPrice,
        order.buyPriceTs,
        order.buyTradeId,
        order.buyTradeTs,
        order.createdAt,
        order.createdAt + order.seconds * 1000,
      );
    return Number(result.lastInsertRowid);
  }

  find(id: number): OptionOrderRow | null {
    const raw = this.db.prepare('SELECT * FROM option_orders WHERE id = ?').safeIntegers(true).get(id) as
      Record<string, unknown> | undefined;
    return raw ? toRow<OptionOrderRow>(raw) : null;
  }

  /** Open orders whose expiry is at or before `nowMs` (optionally of one user), oldest expiry first. */
  due(nowMs: number, userId?: number): OptionOrderRow[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM option_orders WHERE status = 1 AND expires_at <= ?${userId === undefined ? '' : ' AND user_id = ?'} ORDER BY expires_at, id`,
      )
      .safeIntegers(true)
      .all(...(userId === undefined ? [nowMs] : [nowMs, userId])) as Record<string, unknown>[];
    return rows.map((raw) => toRow<OptionOrderRow>(raw));
  }

  /** Writes the settlement of an open order; false when it was already settled. */
  settle(id: number, settlement: OptionSettlement): boolean {
    return (
      this.db
        .prepare(
          `UPDATE option_orders SET status = 2, settle_price = ?, settle_price_ts = ?, settle_trade_id = ?, settle_trade_ts = ?,
             result = ?, payout = ?, settled_at = ?
           WHERE id = ? AND status = 1`,
        )
        .run(
          settlement.settlePrice,
          settlement.settlePriceTs,
          settlement.settleTradeId,
          settlement.settleTradeTs,
          settlement.result,
          settlement.payout,
          settlement.at,
          id,
        ).changes === 1
    );
  }

  /** One page of a user's orders with a status, newest first. */
  page(userId: number, status: number, page: number, limit: number): { rows: OptionOrderRow[]; total: number } {
    const rows = this.db
      .prepare('SELECT * FROM option_orders WHERE user_id = ? AND status = ? ORDER BY id DESC LIMIT ? OFFSET ?')
      .safeIntegers(true)
      .all(userId, status, limit, (page - 1) * limit) as Record<string, unknown>[];
    const total = this.db
      .prepare('SELECT COUNT(*) FROM option_orders WHERE user_id = ? AND status = ?')
      .pluck()
      .get(userId, status) as number;
    return { rows: rows.map((raw) => toRow<OptionOrderRow>(raw)), total };
  }

  /** The earliest expiry among open orders, or null (the settlement timer sleeps until then). */
  nextExpiry(): number | null {
    const value = this.db.prepare('SELECT MIN(expires_at) FROM option_orders WHERE status = 1').pluck().get() as
      number | null;
    return value ?? null;
  }
}
