/**
 * The last known market lists (offline shell): the pair lists with their prices (home,
 * market screen, pair drawers) are kept on the device, so an app opened without a network, or
 * before the first answer arrives, shows the prices it last had instead of skeletons, marked as
 * not live. Only these small lists are kept; books, charts and tapes are never shown stale.
 */
import type { StreamKey } from '../../common/protocol.ts';

const PREFIX = 'last_known:';
/** A list changes every poll (2.5-10 s); it is written at most this often. */
const SAVE_EVERY_MS = 15_000;
const KEPT_KINDS = new Set<StreamKey['kind']>(['homeMarkets', 'markets', 'optionPairs']);

/** Values shown from the device, with the time they were live. Live values are never in here. */
const recalled = new WeakMap<object, number>();
const savedAt = new Map<string, number>();

interface Stored {
  at: number;
  value: unknown;
}

/** True for the streams whose last value is kept. */
export function keepsLastKnown(key: StreamKey): boolean {
  return KEPT_KINDS.has(key.kind);
}

/** Keeps a live value of stream `id` (at most every SAVE_EVERY_MS); storage trouble only loses the copy. */
export function rememberValue(id: string, value: unknown, now = Date.now()): void {
  if (now - (savedAt.get(id) ?? Number.NEGATIVE_INFINITY) < SAVE_EVERY_MS) return;
  savedAt.set(id, now);
  try {
    window.localStorage.setItem(PREFIX + id, JSON.stringify({ at: now, value } satisfies Stored));
  } catch {
    // Storage full or blocked: nothing to show offline, as before.
  }
}

/** The kept value of stream `id`, marked as last known, or undefined. */
export function recallValue(id: string): unknown {
  try {
    const raw = window.localStorage.getItem(PREFIX + id);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.at !== 'number' || !Array.isArray(stored.value)) return undefined;
    recalled.set(stored.value, stored.at);
    return stored.value;
  } catch {
    return undefined;
  }
}

/** When a shown value was last live (ms), or null when it is live now. */
export function lastKnownAt(value: unknown): number | null {
  return typeof value === 'object' && value !== null ? (recalled.get(value) ?? null) : null;
}
