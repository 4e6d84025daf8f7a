import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import styles from './alerts.module.css';

type Permission = NotificationPermission | 'unsupported';

const current = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/** Asks the browser for system notifications (only on the user's tap), or says how they stand. */
export function NotificationSwitch() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<Permission>(current);
  if (permission === 'granted') return <p className={styles.note}>{t('alerts.notify.on')}</p>;
  if (permission === 'denied') return <p className={styles.note}>{t('alerts.notify.denied')}</p>;
  if (permission === 'unsupported') return <p className={styles.note}>{t('alerts.notify.unsupported')}</p>;
  return (
    <div className={styles.notify}>
      <p className={styles.note}>{t('alerts.notify.ask')}</p>
      <Button
        variant="secondary"
        onClick={() => void Notification.requestPermission().then(setPermission, () => setPermission(current()))}
      >
        {t('alerts.notify.allow')}
      </Button>
    </div>
  );
}
