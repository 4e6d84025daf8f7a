import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SpotOrder } from '../../../../workers/shared/protocol.ts';
import { TabPanel, Tabs } from '../../../components/ui/Tabs.tsx';
import { engineStream } from '../../../lib/engine-client.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import { cancelSpotOrder } from '../api/cancel-spot-order.ts';
import type { SpotOrderRecord } from '../api/get-spot-orders.ts';
import { OrderRow } from './OrderRow.tsx';
import orderCard from '../../../components/ui/order-card.module.css';
import styles from './spot.module.css';

/** Open orders (with cancel) and completed trades, refreshed every second by the engine, and the all-orders link. */
export function MyOrders({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'open' | 'done'>('open');
  const panelId = useId();
  const status = tab === 'open' ? 1 : 2;
  const orders = useObservable<SpotOrder[] | null>(engineStream({ kind: 'spotOrders', type: 0, status }), null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const rows = (orders ?? []) as SpotOrderRecord[];
  const shown = rows.filter((order) => !order.symbol || order.symbol === symbol);
  const cancel = async (order: SpotOrderRecord) => {
    setCancelling(order.id);
    try {
      await cancelSpotOrder(order.id);
    } catch {
      // The client has shown the network error.
    } finally {
      setCancelling(null);
    }
  };
  return (
    <section className={styles.myOrders} data-testid="my-orders">
      <div className={styles.myOrdersHead}>
        <Tabs
          label={t('spot.orders.label')}
          value={tab}
          onChange={(key) => setTab(key === 'done' ? 'done' : 'open')}
          items={[
            { key: 'open', label: t('spot.orders.open') },
            { key: 'done', label: t('spot.orders.done') },
          ]}
          panelId={panelId}
        />
        <Link href="/trade-lst" className={styles.allLink}>
          {t('spot.orders.all')}
        </Link>
      </div>
      <TabPanel id={panelId} tabKey={tab}>
        {orders === null ? (
          <p className={styles.muted}>{t('common.loading')}</p>
        ) : shown.length === 0 ? (
          <p className={styles.muted}>{t('common.noRecords')}</p>
        ) : (
          <ul className={orderCard.list}>
            {shown.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} onCancel={(o) => void cancel(o)} cancelling={cancelling === order.id} />
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
    </section>
  );
}
