import { api, type ApiResult } from './api-client.ts';

/**
 * What may stop money leaving before the form is even filled in (docs/account-protection.md): the
 * security hold after a recent change, and the withdrawal allow-list. The withdrawal, transfer and
 * security screens all read it from here. The server answers each wait in seconds from its own
 * now; `endsAt` turns that into an instant of this phone's clock when the answer arrives, so a
 * countdown is right even when the phone's clock is not.
 */

export type HoldReason = 'login_password_changed' | 'pay_password_changed' | 'factor_added' | 'factor_removed';

export interface SecurityHold {
  reason: HoldReason;
  left_seconds: number;
  /** When it ends, on this phone's clock (ms). */
  endsAt: number;
}

export interface AllowlistEntry {
  /** 1 a bound address, 2 a bound bank card. */
  type: 1 | 2;
  id: number;
  /** The coin of an address, the bank of a card. */
  title: string;
  network: string;
  /** The address whole, a card by its last 4 digits. */
  destination: string;
  listed: 0 | 1;
  usable_left_seconds: number;
  /** When a listed entry may be used, on this phone's clock (ms); null when not listed. */
  usableAt: number | null;
}

export interface Allowlist {
  on: 0 | 1;
  off_left_seconds: number;
  /** When a requested turn-off takes effect, on this phone's clock (ms); null when none waits. */
  offAt: number | null;
  hold_hours: number;
  hold: SecurityHold | null;
  list: AllowlistEntry[];
}

interface HoldAnswer {
  reason: HoldReason;
  left_seconds: number;
}
export interface AllowlistAnswer {
  on: 0 | 1;
  off_at: number | null;
  off_left_seconds: number;
  hold_hours: number;
  hold: HoldAnswer | null;
  list: (Omit<AllowlistEntry, 'usableAt'> & { usable_from: number | null })[];
}

const endsAt = (seconds: number, now: number) => now + seconds * 1000;

const holdOf = (hold: HoldAnswer | null, now: number): SecurityHold | null =>
  hold && { reason: hold.reason, left_seconds: hold.left_seconds, endsAt: endsAt(hold.left_seconds, now) };

/** The allow-list answer with each wait as an instant of this phone's clock, `now` being when it arrived. */
export function allowlistOf(answer: AllowlistAnswer, now = Date.now()): Allowlist {
  return {
    on: answer.on,
    off_left_seconds: answer.off_left_seconds,
    offAt: answer.off_at === null ? null : endsAt(answer.off_left_seconds, now),
    hold_hours: answer.hold_hours,
    hold: holdOf(answer.hold, now),
    list: answer.list.map(({ usable_from, ...entry }) => ({
      ...entry,
      usableAt: usable_from === null ? null : endsAt(entry.usable_left_seconds, now),
    })),
  };
}

const mapped = <A, B>(result: ApiResult<A>, map: (data: A) => B): ApiResult<B> =>
  result.ok ? { ...result, data: map(result.data) } : result;

/** POST /api/Security/getSecurityHold: the hold under way, or null. */
export async function getSecurityHold(): Promise<ApiResult<{ hold: SecurityHold | null }>> {
  const result = await api.post<{ hold: HoldAnswer | null }>('/Security/getSecurityHold', undefined, { quiet: true });
  const now = Date.now();
  return mapped(result, (data) => ({ hold: holdOf(data.hold, now) }));
}

/** POST /api/Security/getAllowlist: the switch, the bound addresses and cards with their place on it, and the hold. */
export async function getAllowlist(): Promise<ApiResult<Allowlist>> {
  const result = await api.post<AllowlistAnswer>('/Security/getAllowlist', undefined, { quiet: true });
  const now = Date.now();
  return mapped(result, (data) => allowlistOf(data, now));
}

/** Whether a withdrawal to this bound address (type 1) or card (type 2) is refused by the list at `now`. */
export function blockedByAllowlist(list: Allowlist | null, type: 1 | 2, id: number, now: number): boolean {
  if (!list || list.on === 0) return false;
  const entry = list.list.find((e) => e.type === type && e.id === id);
  return !entry || entry.usableAt === null || entry.usableAt > now;
}

/** A wait as the countdowns show it: hours:minutes:seconds (hours may pass 24), the same in every language. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
