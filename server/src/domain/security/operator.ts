import type { Db } from '../../db/database.ts';
import type { SecurityEvents } from './events.ts';

/**
 * The tables that hold second factors, added by their own migrations: an operator command reads
 * and resets only those present in this database.
 */
export const SECOND_FACTOR_TABLES = ['totp_factors', 'passkeys'] as const;

/** The second-factor tables this database has (each keyed by user_id). */
export function presentFactorTables(db: Db): string[] {
  const present = new Set(
    db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${SECOND_FACTOR_TABLES.map(() => '?').join(', ')})`)
      .pluck()
      .all(...SECOND_FACTOR_TABLES) as string[],
  );
  return SECOND_FACTOR_TABLES.filter((name) => present.has(name));
}

/** Each present factor table's rows for the user, as stored. */
export function factorRows(db: Db, userId: number): { table: string; rows: Record<string, unknown>[] }[] {
  return presentFactorTables(db).map((table) => ({
    table,
    rows: db.prepare(`SELECT * FROM ${table} WHERE user_id = ? ORDER BY rowid`).all(userId) as Record<string, unknown>[],
  }));
}

/**
 * An operator removes every second factor of a user (a lost phone, a lost key), in one transaction
 * with its `security_audit` row (who, why, when) and the `factor_removed` event that tells the user.
 * Returns how many factor rows each table lost.
 */
export function resetSecondFactors(
  deps: { db: Db; securityEvents: SecurityEvents; now: () => number },
  reset: { userId: number; operator: string; reason: string },
): Record<string, number> {
  return deps.db.transaction(() => {
    const removed: Record<string, number> = {};
    for (const table of presentFactorTables(deps.db))
      removed[table] = deps.db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(reset.userId).changes;
    deps.db
      .prepare('INSERT INTO security_audit (user_id, operator, action, reason, at) VALUES (?, ?, ?, ?, ?)')
      .run(reset.userId, reset.operator, 'factors_reset', reset.reason, deps.now());
    deps.securityEvents.record({ userId: reset.userId, kind: 'factor_removed', detail: { by: 'operator' } });
    return removed;
  })();
}
