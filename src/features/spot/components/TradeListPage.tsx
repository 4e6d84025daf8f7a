import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from '../../../components/ui/Button.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PagedList } from '../../../components/ui/PagedList.tsx';
import { TabPanel, Tabs } from '../../../components/ui/Tabs.tsx';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { cancelSpotOrder } from '../api/cancel-spot-order.ts';
import { getSpotOrders, type SpotOrderRecord } from '../api/get-spot-orders.ts';
import { OrderRow } from './OrderRow.tsx';
import layout from '../../../components/ui/layout.module.css';
import styles from './spot.module.css';

type StatusKey = '1' | '2' | '3';

/** The spot order list (docs/product-rules.md#order-list): status tabs 1/2/3, type picker, pull-to-refresh, infinite list. */
export function TradeListPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusKey>('1');
  const panelId = useId();
  const [type, setType] = useState<0 | 1 | 2>(0);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const list = usePagedList(
    (page) => getSpotOrders(type, Number(status) as 1 | 2 | 3, page),
    [status, type],
    (order: SpotOrderRecord) => order.id,
  );

  const cancel = async (order: SpotOrderRecord) => {
    setCancelling(order.id);
    try {
      const result = await cancelSpotOrder(order.id);
      if (result.ok) list.remove(order.id);
    } catch {
      // The client has shown the network error.
    } finally {
      setCancelling(null);
    }
  };

  return (
    <div className={layout.tabPage}>
      <PageHeader
        title={t('route.tradeLst')}
        backLabel={t('common.back')}
        onBack={() => (history.length > 1 ? history.back() : navigate('/exchange'))}
      />
      <Tabs
        label={t('spot.list.status')}
        value={status}
        onChange={(key) => setStatus(key)}
        items={[
          { key: '1' as StatusKey, label: t('spot.list.open') },
          { key: '2' as StatusKey, label: t('spot.list.done') },
          { key: '3' as StatusKey, label: t('spot.list.cancelled') },
        ]}
        panelId={panelId}
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
        <Button variant="ghost" onClick={list.refresh}>
          {t('spot.list.refresh')}
        </Button>
      </div>
      <main className={styles.main}>
        <TabPanel id={panelId} tabKey={status}>
          <PagedList
            list={list}
            keyOf={(order) => order.id}
            renderRow={(order) => (
              <OrderRow order={order} onCancel={(o) => void cancel(o)} cancelling={cancelling === order.id} />
            )}
            releaseText={t('common.releaseToRefresh')}
            rowHeight={112}
            testId="trade-list"
          />
        </TabPanel>
      </main>
    </div>
  );
}
