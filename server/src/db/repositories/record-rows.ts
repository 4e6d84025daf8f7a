import type { Db } from '../database.ts';

/**
 * Reading the wallet's record tables: rows are read with safeIntegers (amounts may exceed 2^53),
 * then money columns stay BigInt and every other integer (ids, statuses, times) becomes a number.
 */
export function rowWithMoney<T>(raw: Record<string, unknown>, money: ReadonlySet<string>): T {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw))
    row[key] = typeof value === 'bigint' && !money.has(key) ? Number(value) : value;
  return row as T;
}

/** One page (from 1) of `SELECT <select> WHERE <where>`, newest first, with the count of all matching rows. */
export function recordPage<T>(
  db: Db,
  query: { select: string; from: string; where: string; args: Record<string, unknown>; money: ReadonlySet<string> },
  page: number,
  limit: number,
): { rows: T[]; total: number } {
  const raws = db
    .prepare(
      `SELECT ${query.select} FROM ${query.from} WHERE ${query.where} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    )
    .safeIntegers(true)
    .all({ ...query.args, limit, offset: (page - 1) * limit }) as Record<string, unknown>[];
  const total = db.prepare(`SELECT COUNT(*) FROM ${query.from} WHERE ${query.where}`).pluck().get(query.args) as number;
  return { rows: raws.map((raw) => rowWithMoney<T>(raw, query.money)), total };
}
