import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MarketItem } from '../../../../common/protocol.ts';
import { ChangeText } from '../../../components/ui/ChangeText.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { staleClass } from '../../../components/ui/StaleNote.tsx';
import { TabPanel, Tabs } from '../../../components/ui/Tabs.tsx';
import { WatchStar } from '../../../components/ui/WatchStar.tsx';
import { ranking } from '../api/home-rules.ts';
import styles from './home-content.module.css';

/** The rising/falling ranking: name, last price, % change; tapping opens options for that pair; the star watches it. */
export const RankingList = memo(function RankingList({ items }: { items: readonly MarketItem[] | null }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<'rise' | 'fall'>('rise');
  const panelId = useId();
  return (
    <section data-testid="ranking">
      <Tabs
        label={t('home.ranking.label')}
        value={order}
        onChange={(key) => setOrder(key === 'fall' ? 'fall' : 'rise')}
        items={[
          { key: 'rise', label: t('home.ranking.rise') },
          { key: 'fall', label: t('home.ranking.fall') },
        ]}
        panelId={panelId}
      />
      <TabPanel id={panelId} tabKey={order}>
        {!items ? (
          <Skeleton height={240} />
        ) : (
          <ul className={`${styles.rankList} ${staleClass(items)}`}>
            {ranking(items, order).map((item) => (
              <li key={item.symbol} className={styles.rankItem}>
                <Link
                  href={`/options?currentSymbol=${encodeURIComponent(item.symbol)}&name=${encodeURIComponent(item.title)}`}
                  className={styles.rankRow}
                >
                  <strong>
                    <bdi dir="ltr">{item.title}</bdi>
                  </strong>
                  <span className={styles.num}>
                    <bdi dir="ltr">{item.close}</bdi>
                  </span>
                  <ChangeText change={item.change} />
                </Link>
                <WatchStar symbol={item.symbol} title={item.title} />
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
    </section>
  );
});
