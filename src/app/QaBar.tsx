import { LazyBoundary } from '../components/ui/LazyBoundary.tsx';
import { enginePageFlags } from '../lib/engine-client.ts';
import { retryableLazy } from '../lib/retryable-lazy.ts';
import { withAllStrings } from './i18n.ts';

// Its code is loaded only on a page that shows it: almost no visitor's.
const QaStrip = retryableLazy(() =>
  withAllStrings(() => import('./QaStrip.tsx')).then((m) => ({ default: m.QaStrip })),
);

/**
 * Shown only when the page runs with a developer or QA flag (`?record=1`, `?replay=`, `?engine=main`),
 * so nobody mistakes a replayed or recorded session for the live market.
 */
export function QaBar() {
  const flags = enginePageFlags();
  if (!flags.record && !flags.replay && !flags.mainThread) return null;
  return (
    <LazyBoundary>
      <QaStrip flags={flags} />
    </LazyBoundary>
  );
}
