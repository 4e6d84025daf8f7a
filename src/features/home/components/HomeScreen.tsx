import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import type { MarketItem } from '../../../../common/protocol.ts';
import { LazyBoundary } from '../../../components/ui/LazyBoundary.tsx';
import { StaleNote } from '../../../components/ui/StaleNote.tsx';
import { Switch } from '../../../components/ui/Switch.tsx';
import { engineStream } from '../../../lib/engine-client.ts';
import { setRedUp, upColour } from '../../../lib/up-colour.ts';
import { retryableLazy } from '../../../lib/retryable-lazy.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import { useWhenIdle } from '../../../lib/use-when-idle.ts';
import { session } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { BannerCarousel } from './BannerCarousel.tsx';
import { isPopupHiddenOn } from '../../../lib/client-storage.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { MarketCarousel } from './MarketCarousel.tsx';
import { MenuGrid } from './MenuGrid.tsx';
import { RankingList } from './RankingList.tsx';
import content from './home-content.module.css';
import layout from '../../../components/ui/layout.module.css';
import styles from './home.module.css';

// The bulletin and its HTML sanitizer load once the first screen has painted and the page is idle, and only when there is one to show.
const BulletinPopup = retryableLazy(() => import('./BulletinPopup.tsx').then((m) => ({ default: m.BulletinPopup })));

export interface HomeScreenProps {
  /** Opens the member side panel (the shell owns it); used only when signed in. */
  onOpenPanel(): void;
}

/**
 * The home screen (docs/product-rules.md#home): the header with the logo (member panel when signed in, /login
 * otherwise) and the language picker, banners, the market carousel, the menu grid, the rising and
 * falling ranking (the market list refreshed every 10 s by the engine), the up-colour setting and
 * the bulletin popup.
 */
export function HomeScreen({ onOpenPanel }: HomeScreenProps) {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const { token } = useSnapshot(session);
  const { redUp } = useSnapshot(upColour);
  // The market list (every 10 s) renders its cards and ranking in a deferred pass, which React
  // slices into short tasks, instead of one long task inside the store's update; the rest of the
  // screen is memoised and sits that pass out.
  const markets = useDeferredValue(useObservable<MarketItem[] | null>(engineStream({ kind: 'homeMarkets' }), null));
  const idle = useWhenIdle();
  const onLogo = () => (token ? onOpenPanel() : navigate('/login'));
  return (
    <div className={layout.tabPage}>
      <header className={`${layout.stickyHeader} ${styles.header}`}>
        <button
          type="button"
          className={styles.logoButton}
          onClick={onLogo}
          // The visible site name leads the accessible name (WCAG 2.5.3: what is read is what is seen).
          aria-label={`${settings?.name ?? ''} ${t(token ? 'home.header.openPanel' : 'home.header.login')}`.trim()}
          data-testid="logo-button"
        >
          <img className={styles.logo} src={settings?.logo || '/logo.svg'} alt="" width={32} height={32} />
          <span className={styles.siteName}>{settings?.name ?? ''}</span>
        </button>
        <LanguagePicker />
      </header>
      <main className={styles.main}>
        <h1 className={styles.welcome}>{t('home.welcome.title', { name: settings?.name ?? '' })}</h1>
        <p className={styles.subtitle}>{t('home.welcome.subtitle')}</p>
        <BannerCarousel />
        <StaleNote value={markets} />
        <MarketCarousel items={markets} />
        <MenuGrid settings={settings} />
        <RankingList items={markets} />
        <div className={content.settingRow}>
          <span>{t('home.colour.redUp')}</span>
          <Switch checked={redUp} onChange={setRedUp} label={t('home.colour.redUp')} />
        </div>
      </main>
      {idle && settings?.popup?.title && !isPopupHiddenOn(new Date()) && (
        <LazyBoundary>
          <BulletinPopup popup={settings.popup} />
        </LazyBoundary>
      )}
    </div>
  );
}
