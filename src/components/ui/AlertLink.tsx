import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { IconBell } from './icons.tsx';
import styles from './alert-link.module.css';

/** The bell in a pair screen's header that opens the price alerts of that pair. */
export function AlertLink({ symbol, title }: { symbol: string; title: string }) {
  const { t } = useTranslation();
  return (
    <Link
      href={`/alerts?symbol=${encodeURIComponent(symbol)}&name=${encodeURIComponent(title)}`}
      className={styles.link}
      aria-label={t('alerts.open', { pair: title })}
      data-testid="alert-link"
    >
      <IconBell size={22} />
    </Link>
  );
}
