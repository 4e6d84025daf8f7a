import { createElement, lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';
import { watchedFetch } from './online.ts';

// As React.lazy's own signature: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** A component whose code arrives later; `preload` starts fetching it before React asks. */
export type RetryableLazy<C extends AnyComponent> = ComponentType<ComponentProps<C>> & {
  preload(): Promise<{ default: C }>;
  /** Its code has come: it renders at once, without suspending. */
  loaded(): boolean;
};

/** Counts the calls of retryFailedLoads: a load that failed in an earlier round is tried again. */
let round = 0;

/** What loads tried again have done in this page: some failed again, some came. */
export const retryHistory = { failedAgain: false, succeededAgain: false };

/** The page itself, as retryOrReload uses it (tests put their own in). */
export const thisPage = {
  reload: () => location.reload(),
  /** Whether the server answers now, whatever its status: a reload without it would show the browser's own offline page. */
  serverAnswers: () =>
    watchedFetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
};

/**
 * What a Retry tap does: try the failed loads again, or, once a load tried again has failed again
 * and none has ever come on a retry, reload the page if the server answers. Browsers from before
 * the HTML change that stopped keeping failed module fetches (whatwg/html#10327; Chromium 150 still
 * keeps them, 156 does not) fail every later import() of that chunk at once without fetching it,
 * and only a reload brings the screen.
 */
export async function retryOrReload(retry: () => void): Promise<void> {
  if (retryHistory.failedAgain && !retryHistory.succeededAgain && (await thisPage.serverAnswers())) thisPage.reload();
  else retry();
}

/** Lets every load that has failed so far be tried again on its next render (LazyBoundary calls it when it resets). */
export function retryFailedLoads(): void {
  round += 1;
}

/**
 * React.lazy that can try again: a React.lazy component keeps a failed load for good, so a chunk that
 * could not be fetched once (no network for a moment, a phone between cells) stayed broken until a
 * reload. Here the failure is kept only until retryFailedLoads: the error goes to the nearest
 * LazyBoundary, and the render after its reset starts a new load in a new React.lazy. (Forgetting
 * the failure at once would fetch again on every render React retries, in a loop.) A load that
 * succeeded is kept.
 */
export function retryableLazy<C extends AnyComponent>(load: () => Promise<{ default: C }>): RetryableLazy<C> {
  let loading: Promise<{ default: C }> | undefined;
  let loaded: C | undefined;
  let failedInRound: number | null = null;
  let component: C | LazyExoticComponent<C> | undefined;
  let retrying = false;
  const forgetEarlierFailure = () => {
    if (failedInRound === null || failedInRound === round) return;
    loading = undefined;
    component = undefined;
    failedInRound = null;
    retrying = true;
  };
  const preload = () => {
    forgetEarlierFailure();
    loading ??= load().then(
      (module) => {
        if (retrying) retryHistory.succeededAgain = true;
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        if (retrying) retryHistory.failedAgain = true;
        failedInRound = round;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = (props: ComponentProps<C>) => {
    forgetEarlierFailure();
    // Code preloaded before its first render is rendered as it is: React.lazy suspends once even on
    // a settled load, and the fallback it commits holds the part back up to 300 ms (React's reveal
    // throttle). Chosen once, so the component's type never changes under a mounted tree.
    component ??= loaded ?? lazy(preload);
    return createElement(component, props);
  };
  return Object.assign(Lazy, { preload, loaded: () => loaded !== undefined });
}
