import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MarketItem } from '../../../../common/protocol.ts';
import { ChangeText } from '../../../components/ui/ChangeText.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { staleClass } from '../../../components/ui/StaleNote.tsx';
import styles from './home-content.module.css';

/** The horizontal market carousel, 3 items a view; tapping opens the spot screen for that pair. */
export const MarketCarousel = memo(function MarketCarousel({ items }: { items: readonly MarketItem[] | null }) {
  const { t } = useTranslation();
  if (!items) return <Skeleton height={72} className={styles.marketSkeleton} />;
  return (
    <ul
      className={`${styles.marketStrip} ${staleClass(items)}`}
      aria-label={t('home.markets.label')}
      data-testid="market-carousel"
    >
      {items.map((item) => (
        <li key={item.symbol} className={styles.marketCard}>
          <Link
            href={`/exchange?currentSymbol=${encodeURIComponent(item.symbol)}&name=${encodeURIComponent(item.title)}`}
            className={styles.marketLink}
          >
            <span className={styles.marketTitle}>
              <bdi dir="ltr">{item.title}</bdi>
            </span>
            <strong className={styles.num}>
              <bdi dir="ltr">{item.close}</bdi>
            </strong>
            <ChangeText change={item.change} />
          </Link>
        </li>
      ))}
    </ul>
  );
});
