import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { IconHourglass } from '../../components/ui/icons.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { goBack } from '../../lib/navigation.ts';
import type { PageProps } from '../routes.tsx';
import styles from './pages.module.css';

/** Placeholder for screens a later issue builds: the route's title, a short note and a way back. */
export function ComingSoonPage({ route }: PageProps) {
  const { t } = useTranslation();
  const title = t(route.titleKey);
  return (
    <div className={[styles.page, route.tab ? styles.withTabs : ''].join(' ')} data-testid="coming-soon">
      <PageHeader title={title} backLabel={t('common.back')} onBack={route.tab ? undefined : () => goBack('/')} />
      <section className={styles.center}>
        <IconHourglass size={48} className={styles.icon} />
        <h2 className={styles.heading}>{t('common.comingSoon.title')}</h2>
        <p className={styles.text}>{t('common.comingSoon.body', { screen: title })}</p>
        <Button variant="secondary" onClick={() => goBack('/')}>
          {t('common.back')}
        </Button>
      </section>
    </div>
  );
}
