import type { Db } from '../database.ts';

/**
 * Shared by the earn products' repositories (loans, mining, staking, internal transfers): rows are
 * read with safe integers, and only the money columns stay BigInt; ids, times and counts become
 * numbers.
 */
export function rowReader<T>(moneyColumns: readonly string[]): (raw: Record<string, unknown>) => T {
  const money = new Set(moneyColumns);
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw))
      row[key] = !money.has(key) && typeof value === 'bigint' ? Number(value) : value;
    return row as T;
  };
}

/** The tables whose rows carry an order number. */
export type NumberedTable = 'loan_orders' | 'mining_orders' | 'staking_orders' | 'internal_transfers';

/**
 * The id the next row of `table` gets and its order number, e.g. `LN20250614000017`: a prefix, the
 * UTC date and the id. Call inside the (IMMEDIATE) transaction that inserts the row with that id,
 * so the number is unique by construction.
 */
export function nextNumbered(
  db: Db,
  table: NumberedTable,
  prefix: string,
  at: number,
): { id: number; orderNum: string } {
  // `table` is one of four literal names, never user input.
  const id = db.prepare(`SELECT COALESCE(MAX(id), 0) + 1 FROM ${table}`).pluck().get() as number;
  const date = new Date(at).toISOString().slice(0, 10).replaceAll('-', '');
  return { id, orderNum: `${prefix}${date}${String(id).padStart(6, '0')}` };
}

/** A value a column is written with. */
export type ColumnValue = string | number | bigint | null;

/**
 * Inserts one row, its columns named by `row`'s keys; returns its rowid. `table` and the keys come
 * from the repositories' own literals, never from user input.
 */
export function insertRow(db: Db, table: string, row: Record<string, ColumnValue>): number {
  const columns = Object.keys(row);
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  return Number(db.prepare(sql).run(...Object.values(row)).lastInsertRowid);
}

/** One page of rows, newest first, and how many there are in all. */
export interface RowPage<T> {
  rows: T[];
  total: number;
}
