import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SpotOrder } from '../../../../common/protocol.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { TabPanel, Tabs } from '../../../components/ui/Tabs.tsx';
import { engineStream } from '../../../lib/engine-client.ts';
import { isolatedLtr } from '../../../lib/format.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { cancelAllSpotOrders } from '../api/cancel-all-spot-orders.ts';
import { cancelSpotOrder } from '../api/cancel-spot-order.ts';
import { countCancellable, type SpotOrderRecord } from '../api/get-spot-orders.ts';
import { OrderRow } from './OrderRow.tsx';
import orderCard from '../../../components/ui/order-card.module.css';
import styles from './spot.module.css';

const NOTHING_CLEARED: ReadonlySet<number> = new Set();

/**
 * Open orders (with cancel, and cancel all of the pair after a confirm that says how many) and
 * completed trades, refreshed every second by the engine, and the all-orders link.
 */
export function MyOrders({ symbol, mId, title }: { symbol: string; mId: number | null; title: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'open' | 'done'>('open');
  const panelId = useId();
  const status = tab === 'open' ? 1 : 2;
  const orders = useObservable<SpotOrder[] | null>(engineStream({ kind: 'spotOrders', type: 0, status }), null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const { busy, run } = useSubmit();
  /** How many orders a cancel-all would cancel, while its confirm is open. */
  const [cancelAllCount, setCancelAllCount] = useState<number | null>(null);
  /** Orders a cancel-all has cancelled: hidden at once, before the next poll drops them. */
  const [cleared, setCleared] = useState<ReadonlySet<number>>(NOTHING_CLEARED);
  const rows = (orders ?? []) as SpotOrderRecord[];
  const shown = rows.filter(
    (order) => (!order.symbol || order.symbol === symbol) && !(tab === 'open' && cleared.has(order.id)),
  );
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
  const askCancelAll = (pairId: number) =>
    // The list holds the first page of every pair: the server counts the pair's own.
    run(
      'count',
      async () => {
        const total = await countCancellable(pairId);
        return { ok: true as const, data: total ?? shown.length, msg: '' };
      },
      setCancelAllCount,
    );
  const cancelAll = (pairId: number) => {
    const listed = shown.map((order) => order.id);
    return run(
      'cancelAll',
      () => cancelAllSpotOrders(pairId),
      () => {
        setCleared(new Set(listed));
        setCancelAllCount(null);
      },
    );
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
          <>
            {tab === 'open' && mId !== null && (
              <div className={styles.cancelAll}>
                <Button
                  variant="ghost"
                  busy={busy === 'count'}
                  onClick={() => void askCancelAll(mId)}
                  data-testid="cancel-all"
                >
                  {t('spot.orders.cancelAll')}
                </Button>
              </div>
            )}
            <ul className={orderCard.list}>
              {shown.map((order) => (
                <li key={order.id}>
                  <OrderRow order={order} onCancel={(o) => void cancel(o)} cancelling={cancelling === order.id} />
                </li>
              ))}
            </ul>
          </>
        )}
      </TabPanel>
      <ConfirmSheet
        open={cancelAllCount !== null}
        title={t('spot.orders.cancelAllTitle')}
        confirmLabel={t('spot.orders.cancelAll')}
        busy={busy === 'cancelAll'}
        disabled={cancelAllCount === 0}
        onConfirm={() => mId !== null && void cancelAll(mId)}
        onClose={() => setCancelAllCount(null)}
        testId="cancel-all-confirm"
      >
        <p className={styles.farNote} data-testid="cancel-all-count">
          {t('spot.orders.cancelAllCount', { orders: cancelAllCount ?? 0, pair: isolatedLtr(title) })}
        </p>
      </ConfirmSheet>
    </section>
  );
}
