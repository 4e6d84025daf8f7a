/**
 * The one route table (docs/product-rules.md#routes-and-access): path, optional name, title key, auth flag, lazily loaded page, and
 * the footer tab it belongs to.
 */

import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { LazyBoundary } from '../components/ui/LazyBoundary.tsx';
import { retryableLazy } from '../lib/retryable-lazy.ts';
import { session } from '../lib/session.ts';
import { useSiteSettings } from '../lib/site-settings.ts';
import { HomePage } from './pages/HomePage.tsx';
import { PageLoadFailed } from './pages/PageLoadFailed.tsx';
import { PageSkeleton } from './pages/PageSkeleton.tsx';
import { withAllStrings } from './i18n.ts';
import { guardRedirect } from './route-guard.ts';

export type TabKey = 'home' | 'market' | 'exchange' | 'options' | 'assets';

export interface AppRoute {
  path: string;
  /** Route name of docs/product-rules.md#routes-and-access where it gives one (login, market, exchange, trade-lst, notify, recharge, withdrawal). */
  name?: string;
  titleKey: string;
  /** true: needs a token. */
  auth: boolean;
  page: RoutePage;
  /** The footer tab this route is (shows the bottom tab bar). */
  tab?: TabKey;
}

export interface PageProps {
  route: AppRoute;
}

/** A page whose code can also be fetched before React asks for it (at once for the eager home page). */
type RoutePage = ComponentType<PageProps> & { preload(): Promise<unknown>; loaded(): boolean };

/**
 * Home is most visitors' first screen: its code is in the main bundle, listed in index.html, so the
 * first paint waits for no chain of chunk requests (docs/performance.md#lighthouse-on-the-home-page). Every other page
 * is a lazy chunk, so new screens never grow the first download.
 */
function eagerPage(Page: ComponentType<PageProps>): RoutePage {
  const ready = Promise.resolve();
  return Object.assign((props: PageProps) => <Page {...props} />, { preload: () => ready, loaded: () => true });
}

/** A page in a chunk of its own, shown once both its code and every string of the language have arrived (i18n.ts). */
function lazyPage(load: () => Promise<{ default: ComponentType<PageProps> }>): RoutePage {
  return retryableLazy(() => withAllStrings(load));
}

const home = eagerPage(HomePage);
const login = lazyPage(() =>
  import('../features/account/components/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const register = lazyPage(() =>
  import('../features/account/components/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
);
const security = lazyPage(() =>
  import('../features/account/components/SecurityPage.tsx').then((m) => ({ default: m.SecurityPage })),
);
const passkeys = lazyPage(() =>
  import('../features/security/components/PasskeysPage.tsx').then((m) => ({ default: m.PasskeysPage })),
);
const authenticator = lazyPage(() =>
  import('../features/security/components/AuthenticatorPage.tsx').then((m) => ({ default: m.AuthenticatorPage })),
);
const modifyPwd = lazyPage(() =>
  import('../features/account/components/ModifyPasswordPage.tsx').then((m) => ({ default: m.ModifyPasswordPage })),
);
const resetLegalPwd = lazyPage(() =>
  import('../features/account/components/ResetPayPasswordPage.tsx').then((m) => ({ default: m.ResetPayPasswordPage })),
);
const securitySessions = lazyPage(() =>
  import('../features/security/components/SessionsPage.tsx').then((m) => ({ default: m.SessionsPage })),
);
const securitySignIns = lazyPage(() =>
  import('../features/security/components/SignInHistoryPage.tsx').then((m) => ({ default: m.SignInHistoryPage })),
);
const securityAntiPhishing = lazyPage(() =>
  import('../features/security/components/AntiPhishingPage.tsx').then((m) => ({ default: m.AntiPhishingPage })),
);
const options = lazyPage(() =>
  import('../features/options/components/OptionsPage.tsx').then((m) => ({ default: m.OptionsPage })),
);
const exchange = lazyPage(() =>
  import('../features/spot/components/ExchangePage.tsx').then((m) => ({ default: m.ExchangePage })),
);
const tradeList = lazyPage(() =>
  import('../features/spot/components/TradeListPage.tsx').then((m) => ({ default: m.TradeListPage })),
);
const market = lazyPage(() =>
  import('../features/market/components/MarketPage.tsx').then((m) => ({ default: m.MarketPage })),
);
const identity = lazyPage(() =>
  import('../features/profile/components/IdentityPage.tsx').then((m) => ({ default: m.IdentityPage })),
);
const bindAddress = lazyPage(() =>
  import('../features/profile/components/AddressPage.tsx').then((m) => ({ default: m.AddressPage })),
);
const bank = lazyPage(() =>
  import('../features/profile/components/BankPage.tsx').then((m) => ({ default: m.BankPage })),
);
const invite = lazyPage(() =>
  import('../features/profile/components/InvitePage.tsx').then((m) => ({ default: m.InvitePage })),
);
const introduction = lazyPage(() =>
  import('../features/profile/components/IntroductionPage.tsx').then((m) => ({ default: m.IntroductionPage })),
);
const assets = lazyPage(() =>
  import('../features/wallet/components/AssetsPage.tsx').then((m) => ({ default: m.AssetsPage })),
);
const tradeAccount = lazyPage(() =>
  import('../features/wallet/components/TradeAccountPage.tsx').then((m) => ({ default: m.TradeAccountPage })),
);
const changeMoney = lazyPage(() =>
  import('../features/wallet/components/ChangeMoneyPage.tsx').then((m) => ({ default: m.ChangeMoneyPage })),
);
const recharge = lazyPage(() =>
  import('../features/wallet/components/RechargePage.tsx').then((m) => ({ default: m.RechargePage })),
);
const withdrawal = lazyPage(() =>
  import('../features/wallet/components/WithdrawalPage.tsx').then((m) => ({ default: m.WithdrawalPage })),
);
const flashExchange = lazyPage(() =>
  import('../features/wallet/components/FlashExchangePage.tsx').then((m) => ({ default: m.FlashExchangePage })),
);
const notify = lazyPage(() =>
  import('../features/notices/components/NotifyPage.tsx').then((m) => ({ default: m.NotifyPage })),
);
const loans = lazyPage(() =>
  import('../features/earn/components/LoansPage.tsx').then((m) => ({ default: m.LoansPage })),
);
const loanApplication = lazyPage(() =>
  import('../features/earn/components/LoanApplicationPage.tsx').then((m) => ({ default: m.LoanApplicationPage })),
);
const lockMining = lazyPage(() =>
  import('../features/earn/components/LockMiningPage.tsx').then((m) => ({ default: m.LockMiningPage })),
);
const miningApplication = lazyPage(() =>
  import('../features/earn/components/MiningApplicationPage.tsx').then((m) => ({ default: m.MiningApplicationPage })),
);
const transfer = lazyPage(() =>
  import('../features/earn/components/TransferPage.tsx').then((m) => ({ default: m.TransferPage })),
);
const transferList = lazyPage(() =>
  import('../features/earn/components/TransferListPage.tsx').then((m) => ({ default: m.TransferListPage })),
);
const staking = lazyPage(() =>
  import('../features/earn/components/StakingPage.tsx').then((m) => ({ default: m.StakingPage })),
);
const stakingList = lazyPage(() =>
  import('../features/earn/components/StakingListPage.tsx').then((m) => ({ default: m.StakingListPage })),
);
const allowlist = lazyPage(() =>
  import('../features/security/components/AllowlistPage.tsx').then((m) => ({ default: m.AllowlistPage })),
);
const alerts = lazyPage(() =>
  import('../features/alerts/components/AlertsPage.tsx').then((m) => ({ default: m.AlertsPage })),
);

export const routes: readonly AppRoute[] = [
  { path: '/', name: 'home', titleKey: 'route.home', auth: false, page: home, tab: 'home' },
  { path: '/register', name: 'register', titleKey: 'route.register', auth: false, page: register },
  { path: '/login', name: 'login', titleKey: 'route.login', auth: false, page: login },
  { path: '/market', name: 'market', titleKey: 'route.market', auth: false, page: market, tab: 'market' },
  { path: '/real_authentication', titleKey: 'route.realAuthentication', auth: true, page: identity },
  { path: '/bindMentionAddress', titleKey: 'route.bindMentionAddress', auth: true, page: bindAddress },
  { path: '/security', titleKey: 'route.security', auth: true, page: security },
  { path: '/security/passkeys', titleKey: 'route.passkeys', auth: true, page: passkeys },
  { path: '/security/authenticator', titleKey: 'route.authenticator', auth: true, page: authenticator },
  { path: '/modifyPwd', titleKey: 'route.modifyPwd', auth: true, page: modifyPwd },
  { path: '/resetLegalPwd', titleKey: 'route.resetLegalPwd', auth: true, page: resetLegalPwd },
  { path: '/security/sessions', titleKey: 'route.sessions', auth: true, page: securitySessions },
  { path: '/security/sign-ins', titleKey: 'route.signIns', auth: true, page: securitySignIns },
  { path: '/security/anti-phishing', titleKey: 'route.antiPhishing', auth: true, page: securityAntiPhishing },
  { path: '/exchange', name: 'exchange', titleKey: 'route.exchange', auth: true, page: exchange, tab: 'exchange' },
  { path: '/assets', titleKey: 'route.assets', auth: true, page: assets, tab: 'assets' },
  { path: '/trade-account', titleKey: 'route.tradeAccount', auth: true, page: tradeAccount },
  { path: '/changemoney', titleKey: 'route.changemoney', auth: true, page: changeMoney },
  { path: '/recharge', name: 'recharge', titleKey: 'route.recharge', auth: true, page: recharge },
  { path: '/withdrawal', name: 'withdrawal', titleKey: 'route.withdrawal', auth: true, page: withdrawal },
  { path: '/exchangeb', titleKey: 'route.exchangeb', auth: true, page: flashExchange },
  { path: '/options', titleKey: 'route.options', auth: true, page: options, tab: 'options' },
  { path: '/invite', titleKey: 'route.invite', auth: true, page: invite },
  { path: '/trade-lst', name: 'trade-lst', titleKey: 'route.tradeLst', auth: true, page: tradeList },
  { path: '/notify', name: 'notify', titleKey: 'route.notify', auth: true, page: notify },
  { path: '/loans', titleKey: 'route.loans', auth: true, page: loans },
  { path: '/loans-application', titleKey: 'route.loansApplication', auth: true, page: loanApplication },
  { path: '/lockming', titleKey: 'route.lockming', auth: true, page: lockMining },
  { path: '/lockming-application', titleKey: 'route.lockmingApplication', auth: true, page: miningApplication },
  { path: '/transfer', titleKey: 'route.transfer', auth: true, page: transfer },
  { path: '/transfer-list', titleKey: 'route.transferList', auth: true, page: transferList },
  { path: '/staking', titleKey: 'route.staking', auth: true, page: staking },
  { path: '/staking-list', titleKey: 'route.stakingList', auth: true, page: stakingList },
  { path: '/introduction', titleKey: 'route.introduction', auth: true, page: introduction },
  { path: '/bank', titleKey: 'route.bank', auth: true, page: bank },
  { path: '/security/allowlist', titleKey: 'route.allowlist', auth: true, page: allowlist },
  // Our addition: price alerts on any pair; open, like the market screens.
  { path: '/alerts', name: 'alerts', titleKey: 'route.alerts', auth: false, page: alerts },
];

const notFound: AppRoute = {
  path: '*',
  titleKey: 'route.notFound',
  auth: false,
  page: lazyPage(() => import('./pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage }))),
};

/** The path of a named route (docs/product-rules.md#routes-and-access names), e.g. routePath('trade-lst') → '/trade-lst'. */
export function routePath(name: string): string {
  const route = routes.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return route.path;
}

/** The route the current location shows (null for an unknown path). */
export function findRoute(pathname: string): AppRoute | null {
  return routes.find((r) => r.path === pathname) ?? null;
}

/**
 * Starts fetching the page chunk of `pathname` at once, beside the language file and the site
 * settings, rather than when React first asks for the page. The promise settles when the load is
 * over, whether it succeeded or not: a failed load is reported where the page renders, which asks
 * again.
 */
export function preloadRoutePage(pathname: string): Promise<void> {
  return (findRoute(pathname) ?? notFound).page.preload().then(
    () => undefined,
    () => undefined,
  );
}

/** Whether the page of `pathname` has its code: it shows without a skeleton. */
export function routePageLoaded(pathname: string): boolean {
  return (findRoute(pathname) ?? notFound).page.loaded();
}

/** The page title: configured site name plus the translated route title (docs/product-rules.md#routes-and-access). */
export function pageTitle(siteName: string | undefined, routeTitle: string): string {
  return siteName ? `${siteName} - ${routeTitle}` : routeTitle;
}

function RouteView({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const settings = useSiteSettings();
  const redirect = guardRedirect(route, token !== null);
  const title = pageTitle(settings?.name, t(route.titleKey));
  useEffect(() => {
    if (!redirect) document.title = title;
  }, [redirect, title]);
  if (redirect) return <Redirect to={redirect} replace />;
  const Page = route.page;
  return (
    <LazyBoundary
      fallback={<PageSkeleton />}
      failed={(retry) => (
        <PageLoadFailed title={t(route.titleKey)} withBack={route.tab === undefined} onRetry={retry} />
      )}
    >
      <Page route={route} />
    </LazyBoundary>
  );
}

/** Renders the route of the current location, through the guard. */
export function AppRoutes() {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          <RouteView route={route} />
        </Route>
      ))}
      <Route>
        <RouteView route={notFound} />
      </Route>
    </Switch>
  );
}

/** Scrolls to the top 50 ms after each navigation (docs/product-rules.md#routes-and-access). */
export function useScrollTopOnNavigate(): void {
  const [location] = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo(0, 0), 50);
    return () => clearTimeout(timer);
  }, [location]);
}
