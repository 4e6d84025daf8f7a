/**
 * The installable app's service worker (built by vite-plugin-pwa in vite.config.ts): it is
 * registered once the first screen has painted and the browser is idle (app.tsx), so neither
 * its code, a separate chunk, nor its requests compete with the first screen's; it is asked for a new version every hour and whenever the app comes back to the
 * front. A new version installs in the background and then WAITS: `appUpdate.waiting` turns on,
 * the shell offers a reload, and only the user's yes (`applyAppUpdate`) activates it and reloads.
 * Nothing is ever swapped under the user.
 */
import { proxy } from 'valtio';

/** How often a long-open app asks the server whether a new version exists. */
const UPDATE_CHECK_MS = 60 * 60_000;

export const appUpdate = proxy<{ waiting: boolean; dismissed: boolean }>({ waiting: false, dismissed: false });

let activate: ((reloadPage?: boolean) => Promise<void>) | undefined;
let registering = false;

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.addEventListener('online', check);
}

/** Registers the service worker, once (production builds only). */
export function registerAppWorker(): void {
  if (registering || import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registering = true;
  void import('virtual:pwa-register')
    .then(({ registerSW }) => {
      activate = registerSW({
        immediate: true,
        onNeedRefresh: () => {
          appUpdate.waiting = true;
        },
        onRegisteredSW: (_url, registration) => {
          if (registration) watchForUpdates(registration);
        },
        onRegisterError: (error: unknown) => console.warn('[app] service worker not registered:', error),
      });
    })
    .catch((error: unknown) => console.warn('[app] service worker code did not load:', error));
}

/** The user accepted the new version: it takes over and the page reloads once. */
export function applyAppUpdate(): void {
  void activate?.(true);
}

/** "Later": the prompt goes until the next start (the new version stays waiting). */
export function dismissAppUpdate(): void {
  appUpdate.dismissed = true;
}
