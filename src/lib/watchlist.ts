/**
 * The watchlist: the pairs a user starred, kept on this device in local storage, so it
 * survives reloads and works logged out. Shared by every pair list (market, drawers, home ranking),
 * hence in lib. Symbols are HTX ids (`btcusdt`), in the order they were starred; another tab's
 * change arrives through the `storage` event.
 */
import { proxy, useSnapshot } from 'valtio';

const STORAGE_KEY = 'watchlist';
/** More than any market lists; a corrupt or hostile entry cannot grow the list without end. */
const MAX_PAIRS = 500;
const SYMBOL = /^[a-z0-9]{2,32}$/;

export const watchlist = proxy<{ symbols: string[] }>({ symbols: [] });

/** The stored symbols, cleaned: lower-case, well-formed, each once. Unreadable storage gives none. */
export function readWatchlist(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<string>();
    for (const value of parsed) {
      const symbol = typeof value === 'string' ? value.toLowerCase() : '';
      if (SYMBOL.test(symbol)) seen.add(symbol);
    }
    return [...seen].slice(0, MAX_PAIRS);
  } catch {
    return [];
  }
}

function storedWatchlist(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function save(symbols: readonly string[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(symbols));
  } catch {
    // Storage full or blocked: the star still shows for this visit.
  }
}

let listening = false;
/** Loads the stored watchlist and follows changes made in other tabs. Call once at start. */
export function initWatchlist(): void {
  watchlist.symbols = readWatchlist(storedWatchlist());
  if (listening) return;
  listening = true;
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) watchlist.symbols = readWatchlist(event.newValue);
  });
}

/** Stars or unstars a pair and saves the list. */
export function toggleWatch(symbol: string): void {
  const key = symbol.toLowerCase();
  if (!SYMBOL.test(key)) return;
  const next = watchlist.symbols.includes(key)
    ? watchlist.symbols.filter((s) => s !== key)
    : [...watchlist.symbols, key].slice(-MAX_PAIRS);
  watchlist.symbols = next;
  save(next);
}

/** The starred symbols for rendering, in the order they were starred. */
export function useWatchlist(): readonly string[] {
  return useSnapshot(watchlist).symbols;
}

/** The items of `items` that are starred, in the order they were starred. */
export function watchedItems<T extends { symbol: string }>(items: readonly T[], symbols: readonly string[]): T[] {
  const bySymbol = new Map(items.map((item) => [item.symbol.toLowerCase(), item]));
  return symbols.flatMap((symbol) => {
    const item = bySymbol.get(symbol);
    return item ? [item] : [];
  });
}
