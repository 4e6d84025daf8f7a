import { createElement, lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

// As React.lazy's own signature: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** A component whose code arrives later; `preload` starts fetching it before React asks. */
export type RetryableLazy<C extends AnyComponent> = ComponentType<ComponentProps<C>> & { preload(): Promise<{ default: C }> };

/** Counts the calls of retryFailedLoads: a load that failed in an earlier round is tried again. */
let round = 0;

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
  const forgetEarlierFailure = () => {
    if (failedInRound === null || failedInRound === round) return;
    loading = undefined;
    component = undefined;
    failedInRound = null;
  };
  const preload = () => {
    forgetEarlierFailure();
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
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
  return Object.assign(Lazy, { preload });
}
