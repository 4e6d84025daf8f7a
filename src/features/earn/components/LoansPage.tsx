import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { ListStatus } from '../../../components/ui/ListStatus.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PagedList } from '../../../components/ui/PagedList.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { formatTrim } from '../../../lib/money.ts';
import { goBack } from '../../../lib/navigation.ts';
import { isOff, useSiteSettings } from '../../../lib/site-settings.ts';
import { useListTexts } from '../../../lib/use-list-texts.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { cancelLoanApply } from '../api/cancel-loan-apply.ts';
import { getLoanProjects } from '../api/get-loan-projects.ts';
import { getLoanRecords, type LoanFilter, type LoanOrder } from '../api/get-loan-records.ts';
import { repayLoan } from '../api/repay-loan.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ClosedNotice } from '../../../components/ui/ClosedNotice.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { LoanOrderCard } from './LoanOrderCard.tsx';
import { LoanProductCard } from './LoanProductCard.tsx';
import { StatusFilter } from './StatusFilter.tsx';
import styles from './earn.module.css';

type Tab = 'products' | 'orders';

/** Loans (docs/product-rules.md#loans): the products with Apply, and my orders with their status filter, repay and cancel. */
export function LoansPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [tab, setTab] = useState<Tab>(() =>
    new URLSearchParams(search).get('tab') === 'orders' ? 'orders' : 'products',
  );
  const change = (next: Tab) => {
    setTab(next);
    navigate(next === 'orders' ? '/loans?tab=orders' : '/loans', { replace: true });
  };
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.loans')} backLabel={t('common.back')} onBack={() => goBack('/')} />
      <div className={styles.tabsWrap}>
        <Tabs
          label={t('route.loans')}
          value={tab}
          onChange={change}
          items={[
            { key: 'products', label: t('earn.loans.products') },
            { key: 'orders', label: t('earn.loans.myOrders') },
          ]}
        />
      </div>
      {tab === 'products' ? <LoanProducts /> : <LoanOrders />}
    </div>
  );
}

function LoanProducts() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const texts = useListTexts();
  const closed = isOff(settings, 'loan_switch');
  const products = useLoaded(
    () => getLoanProjects(),
    [closed],
    (data) => data.list.length === 0,
  );
  if (closed) return <ClosedNotice message={t('earn.closed')} />;
  return (
    <section className={styles.content} data-testid="loan-products">
      {products.state === 'loading' && !products.data && (
        <div className={styles.skeletonStack}>
          <Skeleton height={150} />
          <Skeleton height={150} />
        </div>
      )}
      <ul className={styles.list}>
        {products.data?.list.map((project) => (
          <li key={project.id}>
            <LoanProductCard project={project} />
          </li>
        ))}
      </ul>
      {products.state !== 'loading' && <ListStatus state={products.state} texts={texts} onRetry={products.reload} />}
    </section>
  );
}

const FILTERS: readonly LoanFilter[] = [0, 1, 2, 3, 4];
const FILTER_LABELS: Record<LoanFilter, string> = {
  0: 'earn.loans.filterAll',
  1: 'earn.loans.filterReview',
  2: 'earn.loans.filterApproved',
  3: 'earn.loans.filterRejected',
  4: 'earn.loans.filterCancelled',
};

function LoanOrders() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<LoanFilter>(0);
  const [confirm, setConfirm] = useState<{ action: 'repay' | 'cancel'; order: LoanOrder } | null>(null);
  const { busy, run } = useSubmit();
  const list = usePagedList(
    (page) => getLoanRecords(filter, page),
    [filter],
    (order: LoanOrder) => order.id,
  );
  const act = () => {
    if (!confirm) return;
    const { action, order } = confirm;
    const call = action === 'repay' ? () => repayLoan(order.order_num) : () => cancelLoanApply(order.id);
    void run(`${action}-${order.id}`, call, (updated) => {
      setConfirm(null);
      if (filter === 0) list.replace(updated);
      else list.refresh();
    });
  };
  return (
    <section data-testid="loan-orders">
      <StatusFilter<LoanFilter>
        label={t('earn.loans.filter')}
        options={FILTERS.map((key) => ({ key, label: t(FILTER_LABELS[key]) }))}
        value={filter}
        onChange={setFilter}
      />
      <div className={styles.content}>
        <PagedList
          className={styles.pagedList}
          list={list}
          keyOf={(order) => order.id}
          renderRow={(order) => (
            <LoanOrderCard
              order={order}
              busy={busy}
              onRepay={(o) => setConfirm({ action: 'repay', order: o })}
              onCancel={(o) => setConfirm({ action: 'cancel', order: o })}
            />
          )}
          releaseText={t('common.releaseToRefresh')}
          rowHeight={220}
          label={t('earn.loans.myOrders')}
          testId="loan-order-list"
        />
      </div>
      <ConfirmSheet
        open={confirm !== null}
        title={t(confirm?.action === 'repay' ? 'earn.loans.repayTitle' : 'earn.loans.cancelTitle')}
        confirmLabel={t(confirm?.action === 'repay' ? 'earn.loans.repay' : 'earn.loans.cancel')}
        busy={busy !== null}
        onConfirm={act}
        onClose={() => setConfirm(null)}
        testId="loan-confirm"
      >
        {confirm?.action === 'repay' ? (
          <>
            <p>{t('earn.loans.repayText')}</p>
            <DetailList
              rows={[
                {
                  label: t('earn.loans.total'),
                  value: <CoinAmount amount={formatTrim(confirm.order.total_amount, 8)} coin={confirm.order.coin} />,
                  testId: 'repay-total',
                },
              ]}
            />
          </>
        ) : (
          <p>{t('earn.loans.cancelText')}</p>
        )}
      </ConfirmSheet>
    </section>
  );
}
