import type { Db } from '../../db/database.ts';
import { AllowlistRepository, type AllowlistKind } from '../../db/repositories/allowlist-repository.ts';
import { BankCardRepository } from '../../db/repositories/bank-card-repository.ts';
import { WithdrawAddressRepository } from '../../db/repositories/withdraw-address-repository.ts';
import { maskCardNumber } from '../../../../common/profile-rules.ts';
import { reject } from '../rejection.ts';
import type { ApprovalFields } from './approvals.ts';
import type { SecurityEvents } from './events.ts';
import { timeLeft } from './holds.ts';

const HOUR_MS = 3_600_000;

export type { AllowlistKind };

/**
 * The withdrawal allow-list (docs/account-protection.md): while it is on, withdrawals go only to
 * listed destinations whose hold has passed. Whatever makes the list stricter takes effect at once
 * (turning it on, removing an entry); whatever loosens it waits `securityHoldHours` (a new entry,
 * turning it off), so a thief who took over the session cannot send money somewhere new at once.
 */
export interface AllowlistDeps {
  db: Db;
  securityEvents: SecurityEvents;
  holdHours: number;
  now: () => number;
}

/** The switch at `now`: on, and when a requested turn-off takes effect (null: none asked). */
export interface AllowlistState {
  on: boolean;
  offAt: number | null;
}

/** A bound address or card with its place on the list. */
export interface AllowlistDestination {
  kind: AllowlistKind;
  id: number;
  /** The coin's title of an address, the bank's name of a card. */
  title: string;
  /** The address's network; '' for a card. */
  network: string;
  /** The address whole, a card by its last 4 digits. */
  destination: string;
  /** When the entry may be used (ms); null when it is not listed. */
  usableFrom: number | null;
}

export function allowlistStateOf(db: Db, userId: number, now: number): AllowlistState {
  const row = new AllowlistRepository(db).switchOf(userId);
  if (!row || row.enabled === 0) return { on: false, offAt: null };
  if (row.off_at !== null && row.off_at <= now) return { on: false, offAt: null };
  return { on: true, offAt: row.off_at };
}

/** Every bound address and card of the user, each with its entry when listed (an entry of a rebound address no longer counts). */
export function allowlistDestinations(db: Db, userId: number): AllowlistDestination[] {
  const entries = new AllowlistRepository(db).entries(userId);
  const usableFrom = (kind: AllowlistKind, id: number, value: string) =>
    entries.find((e) => e.kind === kind && e.ref_id === id && e.destination === value)?.usable_from ?? null;
  const addresses = new WithdrawAddressRepository(db).list(userId).map((a): AllowlistDestination => ({
    kind: 'address',
    id: a.id,
    title: a.coin,
    network: a.network,
    destination: a.address,
    usableFrom: usableFrom('address', a.id, a.address),
  }));
  const cards = new BankCardRepository(db).list(userId).map((c): AllowlistDestination => ({
    kind: 'card',
    id: c.id,
    title: c.bank_name,
    network: '',
    destination: maskCardNumber(c.card_number),
    usableFrom: usableFrom('card', c.id, c.card_number),
  }));
  return [...addresses, ...cards];
}

/** The address, or the card's digits, bound now under this id; refused when the caller has none. */
function boundValue(db: Db, userId: number, kind: AllowlistKind, id: number): string {
  if (kind === 'address') {
    const address = new WithdrawAddressRepository(db).ownedBy(userId, id) ?? reject('allowlist.destinationUnknown');
    return address.address;
  }
  const card = new BankCardRepository(db).ownedBy(userId, id) ?? reject('allowlist.destinationUnknown');
  return card.card_number;
}

/** Turns the list on at once; a requested turn-off is cancelled. */
export function turnAllowlistOn(deps: AllowlistDeps, userId: number): void {
  const at = deps.now();
  deps.db.transaction(() => {
    new AllowlistRepository(deps.db).setSwitch(userId, true, null, at);
    deps.securityEvents.record({ userId, kind: 'allowlist_changed', detail: { change: 'on' } });
  })();
}

/**
 * Asks to turn the list off: it stays on until the hold has passed (at once when SECURITY_HOLD_HOURS
 * is 0). Asking again while a turn-off waits changes nothing, so the wait cannot be restarted or shortened.
 */
export function turnAllowlistOff(deps: AllowlistDeps, userId: number): void {
  const at = deps.now();
  const state = allowlistStateOf(deps.db, userId, at);
  if (!state.on) reject('allowlist.alreadyOff');
  if (state.offAt !== null) return;
  const offAt = at + deps.holdHours * HOUR_MS;
  deps.db.transaction(() => {
    new AllowlistRepository(deps.db).setSwitch(userId, offAt > at, offAt > at ? offAt : null, at);
    deps.securityEvents.record({
      userId,
      kind: 'allowlist_changed',
      detail: { change: 'off', at: new Date(offAt).toISOString() },
    });
  })();
}

/**
 * What an approval of turning the list off is bound to: the operation alone (`allowlist_off`, no
 * target), since there is one list per user.
 */
export const ALLOWLIST_OFF_FIELDS: ApprovalFields = {};

/**
 * Lists a bound address or card: usable after the hold. Listing one already listed (and unchanged)
 * keeps its time, so the wait cannot be restarted by accident.
 */
export function addAllowlistEntry(deps: AllowlistDeps, userId: number, kind: AllowlistKind, id: number): void {
  const at = deps.now();
  const value = boundValue(deps.db, userId, kind, id);
  const repo = new AllowlistRepository(deps.db);
  if (repo.entry(userId, kind, id)?.destination === value) return;
  deps.db.transaction(() => {
    repo.put(userId, kind, id, value, at + deps.holdHours * HOUR_MS, at);
    deps.securityEvents.record({ userId, kind: 'allowlist_changed', detail: { change: 'added', [kind]: value } });
  })();
}

/** Takes an address or card off the list, at once. */
export function removeAllowlistEntry(deps: AllowlistDeps, userId: number, kind: AllowlistKind, id: number): void {
  const repo = new AllowlistRepository(deps.db);
  const entry = repo.entry(userId, kind, id) ?? reject('allowlist.destinationUnknown');
  deps.db.transaction(() => {
    repo.remove(userId, kind, id);
    deps.securityEvents.record({
      userId,
      kind: 'allowlist_changed',
      detail: { change: 'removed', [kind]: entry.destination },
    });
  })();
}

/** Where a withdrawal goes, as the list matches it: the bound id and the address or the card's digits now. */
export interface AllowlistTarget {
  kind: AllowlistKind;
  id: number;
  value: string;
}

/**
 * Refuses a withdrawal to `destination` (the bound address, or the card's digits) while the list is
 * on and the destination is not listed, or listed but not usable yet.
 */
export function refuseOffAllowlist(db: Db, userId: number, destination: AllowlistTarget, now: number): void {
  if (!allowlistStateOf(db, userId, now).on) return;
  const entry = new AllowlistRepository(db).entry(userId, destination.kind, destination.id);
  if (!entry || entry.destination !== destination.value) reject('allowlist.notListed');
  if (entry.usable_from > now) reject('allowlist.notYetUsable', timeLeft(entry.usable_from, now));
}
