import { useState } from 'react';
import { MemberPanel } from '../../features/account/components/MemberPanel.tsx';
import { HomeScreen } from '../../features/home/components/HomeScreen.tsx';

/** Home: the home feature's screen with the account feature's member panel (composed here, in app/). */
export function HomePage() {
  const [panelOpen, setPanelOpen] = useState(false);
  return (
    <>
      <HomeScreen onOpenPanel={() => setPanelOpen(true)} />
      <MemberPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
    </>
  );
}
