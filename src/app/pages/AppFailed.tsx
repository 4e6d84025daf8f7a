import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { FailureMessage } from './FailureMessage.tsx';
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
      <FailureMessage message={t('common.requestFailed')} onRetry={onRetry} level={1} className={styles.screenCenter}>
        {/* A full load: whatever state broke the shell is left behind. */}
        <Button variant="ghost" onClick={() => window.location.assign('/')}>
          {t('common.goHome')}
        </Button>
      </FailureMessage>
    </main>
  );
}
