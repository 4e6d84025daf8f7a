import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PagedList } from '../../../components/ui/PagedList.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { isOff, useSiteSettings } from '../../../lib/site-settings.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { getMiningOrders, type MiningOrder } from '../api/get-mining-orders.ts';
import { getMiningProducts } from '../api/get-mining-products.ts';
import { redeemMining } from '../api/redeem-mining.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ClosedNotice } from '../../../components/ui/ClosedNotice.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { LockedOrderCard } from './LockedOrderCard.tsx';
import { MiningProductCard } from './MiningProductCard.tsx';
import { RedeemText } from './RedeemText.tsx';
import styles from './earn.module.css';

type Tab = 'products' | 'orders';

/** Lock mining (docs/product-rules.md#lock-mining): the products with Lock, and my orders with redeem. */
export function LockMiningPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [tab, setTab] = useState<Tab>(() =>
    new URLSearchParams(search).get('tab') === 'orders' ? 'orders' : 'products',
  );
  const change = (next: Tab) => {
    setTab(next);
    navigate(next === 'orders' ? '/lockming?tab=orders' : '/lockming', { replace: true });
  };
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.lockming')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <div className={styles.tabsWrap}>
        <Tabs
          label={t('route.lockming')}
          value={tab}
          onChange={change}
          items={[
            { key: 'products', label: t('earn.mining.products') },
            { key: 'orders', label: t('earn.mining.orders') },
          ]}
        />
      </div>
      {tab === 'products' ? <MiningProducts /> : <MiningOrders />}
    </div>
  );
}

function MiningProducts() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const texts = useListTexts();
  const closed = isOff(settings, 'machine_switch');
  const products = useLoaded(
    () => getMiningProducts(),
    [closed],
    (data) => data.list.length === 0,
  );
  if (closed) return <ClosedNotice message={t('earn.closed')} />;
  return (
    <section className={styles.content} data-testid="mining-products">
      {products.state === 'loading' && !products.data && (
        <div className={styles.skeletonStack}>
          <Skeleton height={170} />
          <Skeleton height={170} />
        </div>
      )}
      <ul className={styles.list}>
        {products.data?.list.map((product) => (
          <li key={product.id}>
            <MiningProductCard product={product} />
          </li>
        ))}
      </ul>
      {products.state !== 'loading' && <ListStatus state={products.state} texts={texts} onRetry={products.reload} />}
    </section>
  );
}

function MiningOrders() {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState<MiningOrder | null>(null);
  const { busy, run } = useSubmit();
  const list = usePagedList(
    (page) => getMiningOrders(page),
    [],
    (order: MiningOrder) => order.id,
  );
  const redeem = () => {
    if (!confirm) return;
    void run(
      `redeem-${confirm.id}`,
      () => redeemMining(confirm.id),
      (updated) => {
        setConfirm(null);
        list.replace(updated);
      },
    );
  };
  return (
    <section className={styles.content} data-testid="mining-orders">
      <PagedList
        className={styles.pagedList}
        list={list}
        keyOf={(order) => order.id}
        renderRow={(order) => (
          <LockedOrderCard product="mining" order={order} busy={busy === `redeem-${order.id}`} onRedeem={setConfirm} />
        )}
        releaseText={t('common.releaseToRefresh')}
        rowHeight={260}
        label={t('earn.mining.orders')}
        testId="mining-order-list"
      />
      <ConfirmSheet
        open={confirm !== null}
        title={t('earn.redeem.title')}
        confirmLabel={t('earn.redeem.action')}
        busy={busy !== null}
        onConfirm={redeem}
        onClose={() => setConfirm(null)}
        testId="redeem-confirm"
      >
        {confirm && <RedeemText order={confirm} />}
      </ConfirmSheet>
    </section>
  );
}
