import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { goBack } from '../../lib/navigation.ts';
import { FailureMessage } from './FailureMessage.tsx';
import styles from './pages.module.css';

export interface PageLoadFailedProps {
  /** The route's title, for the header the page would have had. */
  title: string;
  /** A back button, on screens outside the footer tabs. */
  withBack: boolean;
  onRetry(): void;
}

/** A page whose code could not be fetched (or that failed to render): the shell stays, and the user can try again. */
export function PageLoadFailed({ title, withBack, onRetry }: PageLoadFailedProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="page-load-failed">
      <PageHeader title={title} backLabel={t('common.back')} onBack={withBack ? () => goBack('/') : undefined} />
      <FailureMessage message={t('common.failedToLoad')} onRetry={onRetry} level={2} />
    </div>
  );
}
