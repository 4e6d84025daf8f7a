import type { Db } from '../database.ts';

/** What an allow-list entry points at: a bound withdrawal address or a bound bank card. */
export type AllowlistKind = 'address' | 'card';

/** The allow-list switch row of a user (migration 056); no row means off. */
export interface AllowlistSwitchRow {
  enabled: 0 | 1;
  /** When a requested turn-off takes effect (ms), or null. */
  off_at: number | null;
}

export interface AllowlistEntryRow {
  id: number;
  kind: AllowlistKind;
  ref_id: number;
  /** The address, or the card's digits, as they were when listed. */
  destination: string;
  usable_from: number;
}

/** Users' withdrawal allow-list switches and entries. */
export class AllowlistRepository {
  constructor(private readonly db: Db) {}

  switchOf(userId: number): AllowlistSwitchRow | null {
    return (
      (this.db.prepare('SELECT enabled, off_at FROM withdraw_allowlists WHERE user_id = ?').get(userId) as
        AllowlistSwitchRow | undefined) ?? null
    );
  }

  setSwitch(userId: number, enabled: boolean, offAt: number | null, at: number): void {
    this.db
      .prepare(
        `INSERT INTO withdraw_allowlists (user_id, enabled, off_at, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled, off_at = excluded.off_at, updated_at = excluded.updated_at`,
      )
      .run(userId, enabled ? 1 : 0, offAt, at);
  }

  entries(userId: number): AllowlistEntryRow[] {
    return this.db
      .prepare('SELECT id, kind, ref_id, destination, usable_from FROM withdraw_allowlist_entries WHERE user_id = ?')
      .all(userId) as AllowlistEntryRow[];
  }

  entry(userId: number, kind: AllowlistKind, refId: number): AllowlistEntryRow | null {
    return (
      (this.db
        .prepare(
          'SELECT id, kind, ref_id, destination, usable_from FROM withdraw_allowlist_entries WHERE user_id = ? AND kind = ? AND ref_id = ?',
        )
        .get(userId, kind, refId) as AllowlistEntryRow | undefined) ?? null
    );
  }

  /** Lists the destination (replacing an entry of the same address or card that pointed elsewhere). */
  put(userId: number, kind: AllowlistKind, refId: number, destination: string, usableFrom: number, at: number): void {
    this.db
      .prepare(
        `INSERT INTO withdraw_allowlist_entries (user_id, kind, ref_id, destination, usable_from, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, kind, ref_id) DO UPDATE SET destination = excluded.destination,
           usable_from = excluded.usable_from, created_at = excluded.created_at`,
      )
      .run(userId, kind, refId, destination, usableFrom, at);
  }

  remove(userId: number, kind: AllowlistKind, refId: number): boolean {
    return (
      this.db
        .prepare('DELETE FROM withdraw_allowlist_entries WHERE user_id = ? AND kind = ? AND ref_id = ?')
        .run(userId, kind, refId).changes === 1
    );
  }
}
