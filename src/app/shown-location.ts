import { useLayoutEffect, useSyncExternalStore } from 'react';
import { navigate, usePathname } from 'wouter/use-browser-location';
import { heldLocation, SCREEN_HOLD_MS } from '../lib/held-location.ts';
import { preloadRoutePage, routePageLoaded } from './routes.tsx';

const appLocation = heldLocation({ loaded: routePageLoaded, load: preloadRoutePage }, SCREEN_HOLD_MS);
// wouter's module, imported above, has made pushState and replaceState fire these events.
for (const event of ['popstate', 'pushState', 'replaceState']) addEventListener(event, appLocation.follow);

const shownPath = () => appLocation.shown().path;
const shownSearch = () => appLocation.shown().search;
const held = () => appLocation.shown().held;

/**
 * The router's location hook (wouter's `hook`, with its `searchHook`): the path and query the app
 * shows, which wait for the next page's code as heldLocation says; moves go to the browser at once.
 */
export const useShownLocation = Object.assign(
  (): [string, typeof navigate] => [useSyncExternalStore(appLocation.subscribe, shownPath), navigate],
  { searchHook: useShownSearch },
);

function useShownSearch(): string {
  return useSyncExternalStore(appLocation.subscribe, shownSearch);
}

/**
 * Whether a move waits for its page; meanwhile `#root` is `aria-busy`, so a screen reader holds its
 * announcements until the new screen shows.
 */
export function useMoveHeld(): boolean {
  const busy = useSyncExternalStore(appLocation.subscribe, held);
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    if (busy) root?.setAttribute('aria-busy', 'true');
    else root?.removeAttribute('aria-busy');
  }, [busy]);
  return busy;
}

/** The browser's own path, ahead of the one shown while a move is held: what a tapped tab lights up. */
export const useAskedPath: () => string = usePathname;
