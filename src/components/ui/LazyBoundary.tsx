import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'wouter';
import { useOnline } from '../../lib/online.ts';
import { retryFailedLoads, retryOrReload } from '../../lib/retryable-lazy.ts';

export interface LazyBoundaryProps {
  children: ReactNode;
  /** Shown while the code loads. */
  fallback?: ReactNode;
  /** Shown when it could not load, with a way to try again; by default the part is simply absent. */
  failed?: (retry: () => void) => ReactNode;
}

/**
 * Where a lazily loaded part renders (retryableLazy, lib/): `fallback` while its code loads, and
 * `failed` when the load failed (no network, a chunk of an older deployment) or the part threw, so
 * the rest of the app goes on instead of going blank. It tries again by itself when the network
 * comes back or the page changes. Its retry reloads the page where trying again cannot work
 * (retryOrReload).
 */
export function LazyBoundary({ children, fallback = null, failed }: LazyBoundaryProps) {
  const online = useOnline();
  const [location] = useLocation();
  // Where the load now failing was tried. The keys reset a boundary only if they change while it
  // shows a failure; a load that fails after the page changed (or the network came back) under it
  // is tried again at once instead.
  const tried = useRef({ online, location });
  const outdated = () => location !== tried.current.location || (online && !tried.current.online);
  return (
    <ErrorBoundary
      resetKeys={[online, location]}
      onReset={() => {
        tried.current = { online, location };
        retryFailedLoads();
      }}
      fallbackRender={({ resetErrorBoundary }) =>
        outdated() ? (
          <RetryAtOnce retry={resetErrorBoundary} />
        ) : (
          (failed?.(() => void retryOrReload(resetErrorBoundary)) ?? null)
        )
      }
    >
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Resets its boundary once shown: the failure came from a load tried before the page changed. */
function RetryAtOnce({ retry }: { retry: () => void }) {
  useEffect(retry, [retry]);
  return null;
}
