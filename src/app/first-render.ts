import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';

/**
 * Renders the app once what its first screen needs is in: the site settings (boot.ts asks for them
 * before the code runs), the language and the page's code, each settled whether it arrived or
 * failed. So the first commit is the whole screen, with the settings' menu tiles, site name and
 * theme (CLS). Until then `waiting` (the page skeleton) shows as a screen of its own,
 * which the app replaces in a plain update. Shown as a Suspense fallback it held the first screen
 * back: React shows what replaces a fallback no sooner than 300 ms after the fallback (its reveal
 * throttle), and the settings' answer comes a few tasks after the code runs, so a cold start
 * painted its first screen up to 300 ms late. The skeleton is rendered only if all is not in by
 * the next task.
 */
export function renderWhenReady(
  root: Root,
  app: ReactNode,
  waiting: ReactNode,
  needs: readonly Promise<unknown>[],
): void {
  let appRendered = false;
  void Promise.allSettled(needs).then(() => {
    appRendered = true;
    root.render(app);
  });
  setTimeout(() => {
    if (!appRendered) root.render(waiting);
  }, 0);
}
