import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { session } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import styles from './home.module.css';

export interface HomeScreenProps {
  /** Opens the member side panel (the shell owns it); used only when signed in. */
  onOpenPanel(): void;
}

/**
 * The home screen's frame (spec §2 Home): the header with the logo (member panel when signed in,
 * /login otherwise) and the language picker. The banner carousel, market carousel, menu grid and
 * ranking arrive with the home content; their space is reserved so the page does not jump.
 */
export function HomeScreen({ onOpenPanel }: HomeScreenProps) {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const { token } = useSnapshot(session);
  const onLogo = () => (token ? onOpenPanel() : navigate('/login'));
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <button
          type="button"
          className={styles.logoButton}
          onClick={onLogo}
          aria-label={t(token ? 'home.header.openPanel' : 'home.header.login')}
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
        <div className={styles.reserved} aria-hidden="true">
          <Skeleton height={150} animated={false} />
          <div className={styles.carousel}>
            <Skeleton height={72} animated={false} />
            <Skeleton height={72} animated={false} />
            <Skeleton height={72} animated={false} />
          </div>
          <div className={styles.grid}>
            <Skeleton height={128} className={styles.bigTile} animated={false} />
            <Skeleton height={60} animated={false} />
            <Skeleton height={60} animated={false} />
          </div>
        </div>
      </main>
    </div>
  );
}
