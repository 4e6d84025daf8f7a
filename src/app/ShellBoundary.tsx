import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'wouter';
import { AppFailed } from './pages/AppFailed.tsx';

/**
 * The last catch: an error thrown in the shell (notice banner, footer tabs, top strip) or anywhere a
 * nearer boundary does not cover shows AppFailed instead of unmounting the whole app to a white
 * page. Pages and lazy parts have their own (LazyBoundary); this one resets when the address changes
 * (the back button) or on Retry.
 */
export function ShellBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[location]}
      fallbackRender={({ resetErrorBoundary }) => <AppFailed onRetry={resetErrorBoundary} />}
    >
      {children}
    </ErrorBoundary>
  );
}
