import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { LazyBoundary } from '../../components/ui/LazyBoundary.tsx';
import { HomeScreen } from '../../features/home/components/HomeScreen.tsx';
import { retryableLazy } from '../../lib/retryable-lazy.ts';
import { session } from '../../lib/session.ts';
import { useWhenIdle } from '../../lib/use-when-idle.ts';
import { withAllStrings } from '../i18n.ts';

// Off the first download: loaded once home has painted (so it opens at once), or when opened before
// that. Only for a signed-in user: signed out, the logo leads to /login and the panel never opens.
const MemberPanel = retryableLazy(() =>
  withAllStrings(() => import('../../features/account/components/MemberPanel.tsx')).then((m) => ({
    default: m.MemberPanel,
  })),
);

/** Home: the home feature's screen with the account feature's member panel (composed here, in app/). */
export function HomePage() {
  const [panelOpen, setPanelOpen] = useState(false);
  const idle = useWhenIdle();
  const { token } = useSnapshot(session);
  return (
    <>
      <HomeScreen onOpenPanel={() => setPanelOpen(true)} />
      {((idle && token !== null) || panelOpen) && (
        <LazyBoundary>
          <MemberPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
        </LazyBoundary>
      )}
    </>
  );
}
