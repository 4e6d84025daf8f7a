import type { Db } from '../../db/database.ts';
import { reject } from '../rejection.ts';
import type { SecurityEvent, SecurityEventDeps, SecurityEventKind } from './event-types.ts';

const HOUR_MS = 3_600_000;

/** The changes that could let a thief take money out: each holds withdrawals and internal transfers. */
export const HOLDING_KINDS = [
  'login_password_changed',
  'pay_password_changed',
  'factor_added',
  'factor_removed',
] as const satisfies readonly SecurityEventKind[];

export type HoldReason = (typeof HOLDING_KINDS)[number];

/** A hold under way: money may leave again at `until` (ms); `reason` is the latest change that set it. */
export interface SecurityHold {
  until: number;
  reason: HoldReason;
}

const holds = (kind: SecurityEventKind): kind is HoldReason => (HOLDING_KINDS as readonly string[]).includes(kind);

/**
 * Starts the hold an event calls for: `config.securityHoldHours` from the event. A hold under way is
 * only ever extended, never shortened, so two changes in a row hold until the later one's end.
 * SECURITY_HOLD_HOURS 0 holds nothing.
 */
export function holdAfterSecurityEvent(deps: SecurityEventDeps, event: SecurityEvent, at: number): void {
  const hours = deps.config.securityHoldHours;
  if (!holds(event.kind) || hours <= 0) return;
  const until = at + hours * HOUR_MS;
  deps.db
    .prepare(
      `INSERT INTO security_holds (user_id, until, reason, started_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET until = excluded.until, reason = excluded.reason, started_at = excluded.started_at
       WHERE excluded.until >= security_holds.until`,
    )
    .run(event.userId, until, event.kind, at);
}

/** The user's hold at `now`, or null when money may leave. */
export function securityHoldOf(db: Db, userId: number, now: number): SecurityHold | null {
  const row = db.prepare('SELECT until, reason FROM security_holds WHERE user_id = ?').get(userId) as
    SecurityHold | undefined;
  return row && row.until > now ? { until: row.until, reason: row.reason } : null;
}

/** Whole hours and minutes from `now` to `until`, rounded up to the minute: what a message names. */
export function timeLeft(until: number, now: number): { hours: number; minutes: number } {
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Refuses a withdrawal or an internal transfer while the user is held, naming the time left. */
export function refuseDuringHold(db: Db, userId: number, now: number): void {
  const hold = securityHoldOf(db, userId, now);
  if (hold) reject(`security.hold.${hold.reason}`, timeLeft(hold.until, now));
}
