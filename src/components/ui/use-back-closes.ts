import { useEffect, useRef } from 'react';
import { afterNextPaint } from './after-next-paint.ts';

/*
 * Why: on a phone the hardware / browser back button is how people dismiss a sheet or popup. If it
 * left the page instead, a trader would lose the screen (and whatever they typed) when they only
 * meant to close a dialog. So every open dialog owns one history entry (same URL, a marker in
 * history.state); back leaves that entry and closes the dialog. Any other way of closing removes the
 * entry again, so a later back goes to the previous page, never to a leftover entry.
 *
 * The entry is pushed one frame after the dialog shows (afterNextPaint): a same-document navigation
 * costs a slow phone 5-13 ms of main thread, which inside the tap would hold back the paint that
 * shows the dialog (docs/performance.md#tap-latency tap budget). A back press in that frame finds no entry yet and
 * leaves the page as it would without a dialog; the push then stands down, as it does when the page
 * navigates in that frame. Removing the entry on close is not deferred: a close is often followed
 * at once by a navigation or a reload, which a traversal issued a frame later would cut short.
 *
 * The bookkeeping is module-wide because entries of stacked dialogs and the page's own navigations
 * share one history.
 */

/** The key in history.state whose value names the dialog that owns the entry. */
const MARKER_KEY = 'dialogEntry';
/** Chromium keeps at most this many entries; past it history.length no longer counts pushes. */
const HISTORY_CAP = 50;
/** A traversal of our own that never reports (it should not happen) must not block dialogs for good. */
const TRAVERSAL_GIVE_UP_MS = 2000;

interface Owner {
  onBack(): void;
  /** Its entry is in history (a push can wait for a traversal of ours to land first). */
  pushed: boolean;
  /** Closed; its entry goes at the next microtask unless it opens again in the same commit (StrictMode) or another dialog takes the entry over. */
  pending: boolean;
  /** Back already left its entry: nothing to remove. */
  left: boolean;
  /** The user's traversals when the dialog opened: one landing before the push means they went back (or forward) first. */
  userPopsAtClaim: number;
  /** The address when the dialog opened: another one at the push means the page navigated first. */
  hrefAtClaim: string;
  lengthAfterPush: number;
  popsAtPush: number;
}

interface Traversal {
  byUser: boolean;
  /** Hide the landing from the router: it is an old URL we are about to overwrite. */
  swallow: boolean;
  then?(): void;
}

const documentKey = Math.random().toString(36).slice(2);
/** Live dialog entries in push order, so "above" an entry means later in this map. */
const owners = new Map<string, Owner>();
const queued: (() => void)[] = [];
let nextId = 0;
let pops = 0;
/** Landings of the user's own back and forward presses (not of our traversals). */
let userPops = 0;
let inFlight: Traversal | null = null;
let giveUp: ReturnType<typeof setTimeout> | undefined;

/**
 * Pushes a dialog's entry with the browser's own pushState, not the router's patched one: the URL
 * stays the same, so the router has nothing to hear, and telling it ran every location listener of
 * the page inside the tap that opens the dialog (on a slow phone 10-35 ms of its first opening).
 */
function pushMarker(state: Record<string, unknown>): void {
  History.prototype.pushState.call(history, state, '');
}

function markerOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[MARKER_KEY];
  return typeof value === 'string' ? value : null;
}

function isStale(token: string | null): boolean {
  if (token === null) return false;
  const owner = owners.get(token);
  return !owner || owner.pending;
}

function marked(state: unknown, token: string): Record<string, unknown> {
  const base = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return { ...base, [MARKER_KEY]: token };
}

function settle(): void {
  clearTimeout(giveUp);
  inFlight = null;
  while (!inFlight && queued.length > 0) queued.shift()!();
}

function traverse(delta: number, traversal: Traversal): void {
  inFlight = traversal;
  clearTimeout(giveUp);
  giveUp = setTimeout(settle, TRAVERSAL_GIVE_UP_MS);
  history.go(delta);
}

/** Runs `step` now, or once a traversal of ours has landed (a push before it lands would race it). */
function whenSettled(step: () => void): void {
  if (inFlight) queued.push(step);
  else step();
}

function closeAbove(landed: string | null): void {
  let above = landed === null;
  const closing: Owner[] = [];
  for (const [token, owner] of owners) {
    if (token === landed) above = true;
    else if (above && owner.pushed && !owner.pending && !owner.left) closing.push(owner);
  }
  for (const owner of closing) {
    owner.left = true;
    owner.onBack();
  }
}

function onPopState(event: PopStateEvent): void {
  pops += 1;
  const traversal = inFlight ?? { byUser: true, swallow: false };
  if (traversal.byUser) userPops += 1;
  clearTimeout(giveUp);
  inFlight = null;
  if (traversal.swallow) event.stopImmediatePropagation();
  const landed = markerOf(history.state);
  // An entry of a dialog that is gone (closed under another, or before a reload): step over it.
  if (isStale(landed)) return traverse(-1, traversal);
  if (traversal.byUser) closeAbove(landed);
  traversal.then?.();
  settle();
}

function claim(previous: string | null, onBack: () => void): string {
  // StrictMode runs the effect's cleanup and body again at once: the same dialog keeps its entry.
  const own = previous === null ? undefined : owners.get(previous);
  if (previous !== null && own?.pending) {
    own.pending = false;
    own.onBack = onBack;
    return previous;
  }
  // A dialog closing and another opening in one commit (confirm → countdown): the new one takes the entry.
  const current = markerOf(history.state);
  const handed = current === null ? undefined : owners.get(current);
  if (current !== null && handed?.pending && !inFlight) {
    handed.pending = false;
    handed.onBack = onBack;
    return current;
  }
  nextId += 1;
  const token = `${documentKey}:${nextId}`;
  const owner: Owner = {
    onBack,
    pushed: false,
    pending: false,
    left: false,
    userPopsAtClaim: userPops,
    hrefAtClaim: location.href,
    lengthAfterPush: 0,
    popsAtPush: 0,
  };
  owners.set(token, owner);
  afterNextPaint(() =>
    whenSettled(() => {
      if (owners.get(token) !== owner || owner.pending) return;
      // Back (or forward) landed before the entry existed: that press was not meant for this dialog,
      // and an entry pushed now would sit on whatever page it reached.
      if (userPops !== owner.userPopsAtClaim) return;
      // The page navigated first: an entry pushed now would carry the dialog onto the new address.
      if (location.href !== owner.hrefAtClaim) return;
      pushMarker(marked(history.state, token));
      owner.pushed = true;
      owner.lengthAfterPush = history.length;
      owner.popsAtPush = pops;
    }),
  );
  return token;
}

function removeEntry(token: string, owner: Owner): void {
  if (owners.get(token) !== owner || !owner.pending) return;
  owners.delete(token);
  if (!owner.pushed || owner.left) return;
  const current = markerOf(history.state);
  if (current === token) return traverse(-1, { byUser: false, swallow: false });
  // Under another dialog's entry, or history moved since: the stale-entry step in onPopState covers it.
  if (current !== null || pops !== owner.popsAtPush || history.length >= HISTORY_CAP) return;
  // The page navigated while the dialog was open: our entry was replaced (0) or has one push on top (1).
  const above = history.length - owner.lengthAfterPush;
  if (above !== 0 && above !== 1) return;
  const { state } = history;
  const url = location.href;
  // Go below our entry and write the navigation there, as if the dialog had never pushed one.
  traverse(-1 - above, {
    byUser: false,
    swallow: true,
    then: () => (above === 0 ? history.replaceState(state, '', url) : history.pushState(state, '', url)),
  });
}

function release(token: string): void {
  const owner = owners.get(token);
  if (!owner) return;
  owner.pending = true;
  queueMicrotask(() => whenSettled(() => removeEntry(token, owner)));
}

if (typeof window !== 'undefined') {
  // Capture on window runs before the router's own popstate listener, so a swallowed landing never renders.
  window.addEventListener('popstate', onPopState, { capture: true });
  import.meta.hot?.dispose(() => window.removeEventListener('popstate', onPopState, { capture: true }));
  // The page was loaded onto a dialog's entry (reload, or back from another site): no dialog is open
  // now, so leave that entry. Once per document, not again when the dev server swaps this module.
  const checked = Symbol.for('dialogEntry.loadChecked');
  if (!(checked in window)) {
    Object.defineProperty(window, checked, { value: true });
    if (markerOf(history.state) !== null) traverse(-1, { byUser: false, swallow: false });
  }
}

/**
 * While `open`, keeps one history entry (same URL, a marker in history.state) for the caller, so the
 * back button calls `onClose` instead of leaving the page. Closing any other way removes that entry
 * again, and a navigation made together with the close (replace or push) ends up in history as if
 * no entry had been pushed. Stacked callers each own an entry; back closes only the top one.
 */
export function useBackCloses(open: boolean, onClose: () => void): void {
  const onCloseRef = useRef(onClose);
  const tokenRef = useRef<string | null>(null);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!open) return;
    const token = claim(tokenRef.current, () => onCloseRef.current());
    tokenRef.current = token;
    return () => release(token);
  }, [open]);
}
