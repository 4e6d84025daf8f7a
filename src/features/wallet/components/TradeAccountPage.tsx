import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PagedList } from '../../../components/ui/PagedList.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { usePublishedHeight } from '../../../components/ui/use-published-height.ts';
import { ACCOUNT_NAME_KEYS, MAIN_ACCOUNT, toAccountType, type AccountType } from '../../../lib/account-types.ts';
import { openGatedEntry } from '../../../lib/gated-entry.ts';
import { toBig } from '../../../lib/money.ts';
import { goBack } from '../../../lib/navigation.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { usePagedList, type PageLoader } from '../../../lib/use-paged-list.ts';
import { getCoinBalance } from '../api/get-coin-balance.ts';
import { getBillList, getRechargeList, getTransferList, getWithdrawList } from '../api/get-records.ts';
import { usdValue } from '../api/wallet-rules.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { useUsdPrices } from '../hooks/use-usd-prices.ts';
import { useHideAmounts } from '../stores/wallet-store.ts';
import { AmountText } from './AmountText.tsx';
import { EyeToggle } from './EyeToggle.tsx';
import { BillRow, RechargeRow, TransferRow, WithdrawRow } from './RecordRows.tsx';
import type { RecordTab } from './records-path.ts';
import styles from './wallet.module.css';

/** The record tabs of an account type (docs/product-rules.md#account-records): bill, withdrawals, recharges for types 1 and 2; bill and transfers for type 3. */
export function recordTabs(type: AccountType): RecordTab[] {
  return type === 3 ? ['bill', 'transfer'] : ['bill', 'withdraw', 'recharge'];
}

const TAB_KEYS: Record<RecordTab, string> = {
  bill: 'wallet.records.bill',
  withdraw: 'wallet.records.withdraw',
  recharge: 'wallet.records.recharge',
  transfer: 'wallet.records.transfer',
};

/**
 * Trade-account (docs/product-rules.md#account-records): the records of one coin in one account type (query id, name, type, usd,
 * conversion, and the tab to open), titled by the account; the coin's available, frozen and dollar value; record tabs,
 * each an infinite list with pull-to-refresh; and a footer to transfer, deposit and withdraw (the
 * last two gated by their status switch: customer service when closed).
 */
export function TradeAccountPage() {
  const params = new URLSearchParams(useSearch());
  const coinId = Number(params.get('id')) || 0;
  // Opened without its coin (a cut or hand-typed link), there is nothing to show: the assets screen lists the accounts and coins.
  if (!coinId) return <Redirect to="/assets" replace />;
  return <TradeAccount params={params} coinId={coinId} />;
}

function TradeAccount({ params, coinId }: { params: URLSearchParams; coinId: number }) {
  const { t } = useTranslation();
  const coinName = params.get('name') ?? '';
  const type = toAccountType(params.get('type')) ?? MAIN_ACCOUNT;
  const settings = useSiteSettings();
  const hidden = useHideAmounts();
  const tabs = recordTabs(type);
  // A link may open a tab (records-path.ts): a withdrawal lands on its record, the deposit screen on its deposits.
  const [tab, setTab] = useState<RecordTab>(() => tabs.find((key) => key === params.get('tab')) ?? 'bill');
  const footer = useRef<HTMLElement>(null);
  usePublishedHeight(footer, '--screen-bar-h');

  const balance = useLoaded(() => getCoinBalance(coinId), [coinId]);
  const mine = balance.data?.balance_list.find((entry) => entry.type === type) ?? null;
  const prices = useUsdPrices(coinName ? [coinName.toLowerCase()] : []);
  const price = prices.get(coinName.toLowerCase()) ?? (params.get('conversion') || null);
  const usd = mine ? usdValue(mine.balance, mine.dbalance, price) : toBig(params.get('usd'));

  const contact = t('common.contactService');
  return (
    <div className={styles.barPage}>
      <PageHeader
        title={t(ACCOUNT_NAME_KEYS[type])}
        backLabel={t('common.back')}
        onBack={() => goBack('/assets')}
        end={<EyeToggle />}
      />
      <section className={styles.summary} aria-label={coinName}>
        <p className={styles.summaryLabel}>
          <bdi>{coinName}</bdi> · {t('wallet.assets.value')}
        </p>
        <p className={styles.summaryValue}>
          {usd ? <AmountText value={usd} dp={2} hidden={hidden} /> : '--'}
          <span className={styles.summaryUnit}>{t('wallet.assets.usd')}</span>
        </p>
        <dl className={styles.summaryGrid}>
          <div>
            <dt>{t('wallet.assets.available')}</dt>
            <dd>
              {mine ? (
                <AmountText value={mine.balance} dp={8} hidden={hidden} testId="account-available" />
              ) : (
                <Skeleton height={18} />
              )}
            </dd>
          </div>
          <div>
            <dt>{t('wallet.assets.frozen')}</dt>
            <dd>
              {mine ? (
                <AmountText value={mine.dbalance} dp={8} hidden={hidden} testId="account-frozen" />
              ) : (
                <Skeleton height={18} />
              )}
            </dd>
          </div>
        </dl>
      </section>
      <Tabs<RecordTab>
        label={t('wallet.records.label')}
        value={tab}
        onChange={setTab}
        items={tabs.map((key) => ({ key, label: t(TAB_KEYS[key]) }))}
      />
      <Records key={tab} tab={tab} coinId={coinId} type={type} hidden={hidden} />
      <nav ref={footer} className={styles.footer} aria-label={t('wallet.records.actions')}>
        <button type="button" onClick={() => navigate(`/changemoney?id=${coinId}&type=${type}`)}>
          {t('wallet.assets.transfer')}
        </button>
        <button type="button" onClick={() => openGatedEntry(settings, 'recharge_status', '/recharge', contact)}>
          {t('wallet.assets.deposit')}
        </button>
        <button type="button" onClick={() => openGatedEntry(settings, 'withdrawal_status', '/withdrawal', contact)}>
          {t('wallet.assets.withdraw')}
        </button>
      </nav>
    </div>
  );
}

/** One record tab: its list of the coin in the account type. */
function Records({
  tab,
  coinId,
  type,
  hidden,
}: {
  tab: RecordTab;
  coinId: number;
  type: AccountType;
  hidden: boolean;
}) {
  const label = TAB_KEYS[tab];
  switch (tab) {
    case 'bill':
      return (
        <RecordList
          tab={tab}
          label={label}
          rowHeight={76}
          load={(page) => getBillList(coinId, type, page)}
          render={(row) => <BillRow row={row} hidden={hidden} />}
        />
      );
    case 'withdraw':
      return (
        <RecordList
          tab={tab}
          label={label}
          rowHeight={108}
          load={(page) => getWithdrawList(coinId, type, page)}
          render={(row) => <WithdrawRow row={row} hidden={hidden} />}
        />
      );
    case 'recharge':
      return (
        <RecordList
          tab={tab}
          label={label}
          rowHeight={92}
          load={(page) => getRechargeList(coinId, type, page)}
          render={(row) => <RechargeRow row={row} hidden={hidden} />}
        />
      );
    case 'transfer':
      return (
        <RecordList
          tab={tab}
          label={label}
          rowHeight={76}
          load={(page) => getTransferList(coinId, type, page)}
          render={(row) => <TransferRow row={row} hidden={hidden} />}
        />
      );
  }
}

interface RecordListProps<T> {
  tab: RecordTab;
  label: string;
  rowHeight: number;
  load: PageLoader<T>;
  render(row: T): ReactNode;
}

/** The infinite list of one record tab (mounted afresh per tab, so it loads its page 1 on its own). */
function RecordList<T extends { id: number }>({ tab, label, rowHeight, load, render }: RecordListProps<T>) {
  const { t } = useTranslation();
  const list = usePagedList(load, [], (row: T) => row.id);
  return (
    <PagedList
      list={list}
      keyOf={(row) => row.id}
      renderRow={render}
      releaseText={t('common.releaseToRefresh')}
      rowHeight={rowHeight}
      label={t(label)}
      testId={`records-${tab}`}
    />
  );
}
