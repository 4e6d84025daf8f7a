import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from '../../../components/ui/Button.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { cancelSpotOrder } from '../api/cancel-spot-order.ts';
import type { SpotOrderRecord } from '../api/get-spot-orders.ts';
import { usePullToRefresh } from '../hooks/use-pull-to-refresh.ts';
import { useSpotOrderPages } from '../hooks/use-spot-order-pages.ts';
import { OrderRow } from './OrderRow.tsx';
import layout from '../../../components/ui/layout.module.css';
import orderCard from '../../../components/ui/order-card.module.css';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import styles from './spot.module.css';

type StatusKey = '1' | '2' | '3';

/** The spot order list (spec §2 Trade list): status tabs 1/2/3, type picker, pull-to-refresh, infinite list. */
export function TradeListPage() {
  const { t } = useTranslation();
  const listTexts = useListTexts();
  const [status, setStatus] = useState<StatusKey>('1');
  const [type, setType] = useState<0 | 1 | 2>(0);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const { rows, state, refresh, loadMore, retry, remove } = useSpotOrderPages(Number(status) as 1 | 2 | 3, type);
  const pulling = usePullToRefresh(refresh);
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMoreRef.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const cancel = async (order: SpotOrderRecord) => {
    setCancelling(order.id);
    try {
      const result = await cancelSpotOrder(order.id);
      if (result.ok) remove(order.id);
    } catch {
      // The client has shown the network error.
    } finally {
      setCancelling(null);
    }
  };

  return (
    <div className={layout.tabPage}>
      <PageHeader title={t('route.tradeLst')} backLabel={t('common.back')} onBack={() => (history.length > 1 ? history.back() : navigate('/exchange'))} />
      <div className={`${styles.pullHint} ${pulling ? styles.pullHintActive : ''}`} aria-hidden={!pulling}>
        {t('spot.list.release')}
      </div>
      <Tabs
        label={t('spot.list.status')}
        value={status}
        onChange={(key) => setStatus(key)}
        items={[
          { key: '1' as StatusKey, label: t('spot.list.open') },
          { key: '2' as StatusKey, label: t('spot.list.done') },
          { key: '3' as StatusKey, label: t('spot.list.cancelled') },
        ]}
      />
      <div className={styles.filters}>
        <label>
          <span className={styles.muted}>{t('spot.list.type')} </span>
          <select value={type} onChange={(e) => setType(Number(e.target.value) as 0 | 1 | 2)} data-testid="type-picker">
            <option value={0}>{t('spot.list.all')}</option>
            <option value={1}>{t('spot.form.buy')}</option>
            <option value={2}>{t('spot.form.sell')}</option>
          </select>
        </label>
        <Button variant="ghost" onClick={refresh}>
          {t('spot.list.refresh')}
        </Button>
      </div>
      <main className={styles.main}>
        <ul className={orderCard.list} data-testid="trade-list">
          {rows.map((order) => (
            <OrderRow key={order.id} order={order} onCancel={(o) => void cancel(o)} cancelling={cancelling === order.id} />
          ))}
        </ul>
        <div ref={sentinel} aria-hidden="true" />
        <ListStatus
          state={state}
          onRetry={retry}
          texts={listTexts}
        />
      </main>
    </div>
  );
}
