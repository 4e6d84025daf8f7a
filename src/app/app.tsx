import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Router, useLocation } from 'wouter';
import { LazyBoundary } from '../components/ui/LazyBoundary.tsx';
import { TabBar } from '../components/ui/TabBar.tsx';
import { ToastHost } from '../components/ui/ToastHost.tsx';
import { IconExchange, IconHome, IconMarket, IconOptions, IconWallet } from '../components/ui/icons.tsx';
import { NoticeBanner } from '../features/notices/components/NoticeBanner.tsx';
import { handleUnauthorized } from '../lib/api-client.ts';
import { registerAppWorker } from '../lib/app-update.ts';
import { engineStream, setEngineSession } from '../lib/engine-client.ts';
import { retryableLazy } from '../lib/retryable-lazy.ts';
import { session } from '../lib/session.ts';
import { isOn, useSiteSettings } from '../lib/site-settings.ts';
import { useWhenIdle } from '../lib/use-when-idle.ts';
import { withAllStrings } from './i18n.ts';
import { HeldMoveLine } from './HeldMoveLine.tsx';
import { PageSkeleton } from './pages/PageSkeleton.tsx';
import { ShellBoundary } from './ShellBoundary.tsx';
import { TopStrip } from './TopStrip.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import { AppRoutes, findRoute, useScrollTopOnNavigate, type TabKey } from './routes.tsx';
import { useAskedPath, useShownLocation } from './shown-location.ts';

/** The footer tabs of docs/product-rules.md#routes-and-access, in order. */
const TABS: readonly { key: TabKey; href: string; labelKey: string; icon: typeof IconHome }[] = [
  { key: 'home', href: '/', labelKey: 'shell.tabs.home', icon: IconHome },
  { key: 'market', href: '/market', labelKey: 'shell.tabs.market', icon: IconMarket },
  { key: 'exchange', href: '/exchange', labelKey: 'shell.tabs.exchange', icon: IconExchange },
  { key: 'options', href: '/options', labelKey: 'shell.tabs.options', icon: IconOptions },
  { key: 'assets', href: '/assets', labelKey: 'shell.tabs.assets', icon: IconWallet },
];

/** Keeps the market worker told about the session (engine-client watches page visibility itself); a 401 seen by a poll ends the session. */
function useEngineBridge(): void {
  const { token, lang } = useSnapshot(session);
  useEffect(() => {
    setEngineSession({ token, lang });
  }, [token, lang]);
  useEffect(() => {
    const subscription = engineStream({ kind: 'sessionExpired' }).subscribe((msg) => handleUnauthorized(msg));
    return () => subscription.unsubscribe();
  }, []);
}

function FooterTabs({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  return (
    <TabBar
      label={t('shell.tabs.label')}
      items={TABS.map(({ key, href, labelKey, icon: Icon }) => ({
        key,
        href,
        label: t(labelKey),
        icon: <Icon size={22} />,
        active: key === active,
      }))}
    />
  );
}

// Parts of the shell with nothing to show at first, loaded once the first screen has painted and
// the browser is idle (with them, every string of the language, so the next screen need not wait);
// the service worker registers then too, so neither its chunk nor its requests delay that screen.
const AlertBridge = retryableLazy(() =>
  withAllStrings(() => import('../features/alerts/components/AlertBridge.tsx')).then((m) => ({
    default: m.AlertBridge,
  })),
);
const IdleGuard = retryableLazy(() =>
  withAllStrings(() => import('./IdleGuard.tsx')).then((m) => ({ default: m.IdleGuard })),
);

function Shell() {
  useEngineBridge();
  useScrollTopOnNavigate();
  const [location] = useLocation();
  const { token } = useSnapshot(session);
  const settings = useSiteSettings();
  const tab = findRoute(location)?.tab;
  // A tapped tab lights at once, while its screen may still wait for its code.
  const askedTab = findRoute(useAskedPath())?.tab;
  const idle = useWhenIdle();
  useEffect(() => {
    if (idle) registerAppWorker();
  }, [idle]);
  return (
    <>
      <NoticeBanner signedIn={token !== null} unreadSwitch={isOn(settings, 'unread_notice_switch')} />
      <AppRoutes />
      {tab && <FooterTabs active={askedTab ?? tab} />}
      <TopStrip />
      <HeldMoveLine />
      <UpdatePrompt aboveTabBar={tab !== undefined} />
      {idle && (
        <LazyBoundary>
          <AlertBridge />
          {token !== null && <IdleGuard />}
        </LazyBoundary>
      )}
    </>
  );
}

/** The app: history-mode router, the shell (notice banner, routes, footer tabs) in its last-catch boundary, and toasts. */
export function App() {
  return (
    <Router hook={useShownLocation}>
      <ShellBoundary>
        <Suspense fallback={<PageSkeleton />}>
          <Shell />
        </Suspense>
      </ShellBoundary>
      <ToastHost />
    </Router>
  );
}
