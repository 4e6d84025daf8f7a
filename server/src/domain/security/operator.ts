import type { Db } from '../../db/database.ts';
import type { SecurityEvents } from './events.ts';

/** The tables that hold a user's second factors: the authenticator, its recovery codes, passkeys. */
export const SECOND_FACTOR_TABLES = ['totp_factors', 'totp_recovery_codes', 'passkeys'] as const;

/** Each factor table's rows for the user, as stored (the operator command leaves secrets and keys out). */
export function factorRows(db: Db, userId: number): { table: string; rows: Record<string, unknown>[] }[] {
  return SECOND_FACTOR_TABLES.map((table) => ({
    table,
    rows: db.prepare(`SELECT * FROM ${table} WHERE user_id = ? ORDER BY rowid`).all(userId) as Record<
      string,
      unknown
    >[],
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
    for (const table of SECOND_FACTOR_TABLES)
      removed[table] = deps.db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(reset.userId).changes;
    deps.db
      .prepare('INSERT INTO security_audit (user_id, operator, action, reason, at) VALUES (?, ?, ?, ?, ?)')
      .run(reset.userId, reset.operator, 'factors_reset', reset.reason, deps.now());
    deps.securityEvents.record({ userId: reset.userId, kind: 'factor_removed', detail: { by: 'operator' } });
    return removed;
  })();
}
