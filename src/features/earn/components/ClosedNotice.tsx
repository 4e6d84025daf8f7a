import { useTranslation } from 'react-i18next';
import styles from './earn.module.css';

/** Shown instead of a product list or form while its site switch is off (the server refuses it too). */
export function ClosedNotice() {
  const { t } = useTranslation();
  return (
    <p className={styles.notice} role="status" data-testid="earn-closed">
      {t('earn.closed')}
    </p>
  );
}
