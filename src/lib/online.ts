/**
 * Whether the app can reach its server (offline shell): the browser must say it has a
 * network, and the app's last request must not have failed for want of one. The second half
 * matters when the browser's flag is wrong, as for a page opened from the service worker's cache
 * with the network gone. The market worker reconnects by itself when the network returns
 * (engine-client forwards `online`); this is for what the UI says and for reloading what failed.
 */
import { useSyncExternalStore } from 'react';

let failedAt: number | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function setFailed(at: number | null): void {
  if ((at === null) === (failedAt === null)) return;
  failedAt = at;
  changed();
}

/**
 * `fetch` that notes whether the server answered: any response means reachable, a rejection that
 * is not an abort means unreachable. The app's API client uses it.
 */
export function watchedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return globalThis.fetch(input, init).then(
    (response) => {
      setFailed(null);
      return response;
    },
    (error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(Date.now());
      throw error;
    },
  );
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the app believes it can reach its server. */
export function isOnline(): boolean {
  return (typeof navigator === 'undefined' || navigator.onLine) && failedAt === null;
}

/** `isOnline` for rendering. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}
