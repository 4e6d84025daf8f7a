import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from '../../components/ui/Button.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import styles from './pages.module.css';

/** An address that is not in the route table. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="not-found">
      <PageHeader title={t('route.notFound')} />
      <section className={styles.center}>
        <h2 className={styles.heading}>{t('common.notFound.title')}</h2>
        <p className={styles.text}>{t('common.notFound.body')}</p>
        <Button onClick={() => navigate('/', { replace: true })}>{t('common.goHome')}</Button>
      </section>
    </div>
  );
}
