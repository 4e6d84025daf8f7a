import type { Db } from '../database.ts';
import { rowWithMoney } from './record-rows.ts';

/** A flash exchange as stored; amounts in units of their coin (`fee + received = gross`). */
export interface FlashExchangeRow {
  id: number;
  user_id: number;
  account_type: number;
  from_coin_id: number;
  to_coin_id: number;
  paid: bigint;
  gross: bigint;
  fee: bigint;
  received: bigint;
  from_price: string;
  to_price: string;
  fee_percent: string;
  created_at: number;
}

export type NewFlashExchange = Omit<FlashExchangeRow, 'id'>;

const MONEY = new Set(['paid', 'gross', 'fee', 'received']);

/** Flash exchanges (migration 020): written with their three bill rows, never changed. */
export class FlashExchangeRepository {
  constructor(private readonly db: Db) {}

  insert(exchange: NewFlashExchange): number {
    const result = this.db
      .prepare(
        `INSERT INTO flash_exchanges (user_id, account_type, from_coin_id, to_coin_id, paid, gross, fee, received, from_price, to_price, fee_percent, created_at)
         VALUES (@user_id, @account_type, @from_coin_id, @to_coin_id, @paid, @gross, @fee, @received, @from_price, @to_price, @fee_percent, @created_at)`,
      )
      .run(exchange);
    return Number(result.lastInsertRowid);
  }

  find(id: number): FlashExchangeRow | null {
    const raw = this.db.prepare('SELECT * FROM flash_exchanges WHERE id = ?').safeIntegers(true).get(id) as
      Record<string, unknown> | undefined;
    return raw ? rowWithMoney<FlashExchangeRow>(raw, MONEY) : null;
  }
}
