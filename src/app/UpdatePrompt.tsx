import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../components/ui/Button.tsx';
import { appUpdate, applyAppUpdate, dismissAppUpdate } from '../lib/app-update.ts';
import styles from './update-prompt.module.css';

/**
 * Announces a new version of the app and reloads into it only when the user says so;
 * "Later" keeps the running version until the next start.
 */
export function UpdatePrompt({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { t } = useTranslation();
  const { waiting, dismissed } = useSnapshot(appUpdate);
  if (!waiting || dismissed) return null;
  return (
    <aside
      className={`${styles.prompt} ${aboveTabBar ? styles.aboveTabBar : ''}`}
      role="status"
      aria-label={t('update.label')}
      data-testid="update-prompt"
    >
      <p className={styles.text}>{t('update.ready')}</p>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={dismissAppUpdate}>
          {t('update.later')}
        </Button>
        <Button onClick={applyAppUpdate}>{t('update.reload')}</Button>
      </div>
    </aside>
  );
}
