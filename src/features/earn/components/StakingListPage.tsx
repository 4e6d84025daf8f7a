import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PagedList } from '../../../components/ui/PagedList.tsx';
import { goBack } from '../../../lib/navigation.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { getStakingOrders, type StakingFilter, type StakingOrder } from '../api/get-staking-orders.ts';
import { redeemStaking } from '../api/redeem-staking.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { RedeemText } from './RedeemText.tsx';
import { LockedOrderCard } from './LockedOrderCard.tsx';
import { StatusFilter } from './StatusFilter.tsx';
import styles from './earn.module.css';

const FILTERS: readonly StakingFilter[] = ['all', 0, 1, 2];
const FILTER_LABELS: Record<string, string> = {
  all: 'earn.staking.filterAll',
  0: 'earn.staking.filterStaking',
  1: 'earn.staking.filterEnded',
  2: 'earn.staking.filterRedeemed',
};

/** The staking orders (docs/product-rules.md#staking staking-list): filtered by status, with redeem after a confirmation. */
export function StakingListPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<StakingFilter>('all');
  const [confirm, setConfirm] = useState<StakingOrder | null>(null);
  const { busy, run } = useSubmit();
  const list = usePagedList(
    (page) => getStakingOrders(filter, page),
    [filter],
    (order: StakingOrder) => order.id,
  );
  const redeem = () => {
    if (!confirm) return;
    void run(
      `redeem-${confirm.id}`,
      () => redeemStaking(confirm.id),
      (updated) => {
        setConfirm(null);
        if (filter === 'all') list.replace(updated);
        else list.refresh();
      },
    );
  };
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.stakingList')} backLabel={t('common.back')} onBack={() => goBack('/staking')} />
      <StatusFilter<StakingFilter>
        label={t('earn.staking.filter')}
        options={FILTERS.map((key) => ({ key, label: t(FILTER_LABELS[String(key)] ?? '') }))}
        value={filter}
        onChange={setFilter}
      />
      <div className={styles.content}>
        <PagedList
          className={styles.pagedList}
          list={list}
          keyOf={(order) => order.id}
          renderRow={(order) => (
            <LockedOrderCard
              product="staking"
              order={order}
              busy={busy === `redeem-${order.id}`}
              onRedeem={setConfirm}
            />
          )}
          releaseText={t('common.releaseToRefresh')}
          rowHeight={240}
          label={t('route.stakingList')}
          testId="staking-order-list"
        />
      </div>
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
    </div>
  );
}
