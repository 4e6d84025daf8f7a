import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { IconAlert } from '../../components/ui/icons.tsx';
import styles from './pages.module.css';

export interface AppFailedProps {
  /** Renders the app again in place. */
  onRetry(): void;
}

/**
 * The shell itself failed to render (a defect, or data it could not read): said plainly, with a
 * retry in place and a fresh start from home, instead of a blank screen.
 */
export function AppFailed({ onRetry }: AppFailedProps) {
  const { t } = useTranslation();
  return (
    <main className={styles.page} data-testid="app-failed">
      <section className={`${styles.center} ${styles.screenCenter}`} role="alert">
        <IconAlert className={styles.icon} size={32} />
        <h1 className={styles.heading}>{t('common.requestFailed')}</h1>
        <Button onClick={onRetry}>{t('common.retry')}</Button>
        {/* A full load: whatever state broke the shell is left behind. */}
        <Button variant="ghost" onClick={() => window.location.assign('/')}>
          {t('common.goHome')}
        </Button>
      </section>
    </main>
  );
}
