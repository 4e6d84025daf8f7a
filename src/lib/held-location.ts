/**
 * How long a move keeps the screen on show while the next page's code comes; past it the skeleton
 * shows. At the bench's 4.5x throttle (bench/screen-moves.ts), held for 200 ms, moves to the Trade
 * screen took 290-305 ms when its code came within the hold and 570-625 ms when not (the skeleton
 * then stands for React's 300 ms); held for 400 ms, 297-470 ms.
 */
export const SCREEN_HOLD_MS = 400;

/** The location the app shows: the browser's, or the one before it while the next page's code is on its way. */
export interface ShownLocation {
  path: string;
  /** With its `?`, as `location.search` gives it ('' for none). */
  search: string;
  /** A move is waiting for its page's code: the screen on show is the previous one. */
  held: boolean;
}

/** The pages' code, by path. */
export interface PageCode {
  loaded(path: string): boolean;
  /** Settles once the load is over, whether it came or failed (the page reports a failure itself). */
  load(path: string): Promise<unknown>;
}

export interface HeldLocation {
  /** Reads the browser's location again: call on every change of it. */
  follow(): void;
  shown(): ShownLocation;
  subscribe(listener: () => void): () => void;
}

/**
 * Follows the browser's location, but a move to a page whose code has not come yet keeps the screen
 * on show until it comes or `holdMs` pass, whichever is first (docs/architecture.md#moving-between-screens).
 * A page that renders before its code has come suspends: React shows the skeleton and then keeps the
 * page back until 300 ms after the skeleton appeared, however soon the code came. A later move
 * replaces a held one.
 */
export function heldLocation(
  code: PageCode,
  holdMs: number,
  read: () => { path: string; search: string } = () => ({ path: location.pathname, search: location.search }),
): HeldLocation {
  let shown: ShownLocation = { ...read(), held: false };
  let moves = 0;
  const listeners = new Set<() => void>();
  const show = (next: ShownLocation) => {
    if (next.path === shown.path && next.search === shown.search && next.held === shown.held) return;
    shown = next;
    for (const listener of listeners) listener();
  };
  return {
    follow() {
      const next = { ...read(), held: false };
      const move = ++moves;
      if (code.loaded(next.path)) return show(next);
      show({ ...shown, held: true });
      const go = () => {
        if (move === moves) show(next);
      };
      setTimeout(go, holdMs);
      void code.load(next.path).then(go, go);
    },
    shown: () => shown,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
