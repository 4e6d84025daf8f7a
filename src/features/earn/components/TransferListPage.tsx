import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { PagedList } from '../../../components/ui/PagedList.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { formatTrim } from '../../../lib/money.ts';
import { goBack } from '../../../lib/navigation.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { cancelTransfer } from '../api/cancel-transfer.ts';
import { getTransferRecords, type TransferFilter, type TransferRecord } from '../api/get-transfer-records.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import { TransferRecordCard } from './TransferRecordCard.tsx';
import styles from './earn.module.css';

type TabKey = '0' | '1' | '2' | '3';

/** The transfer records (docs/product-rules.md#internal-transfers): tabs all 0, in transfer 1, finished 2, cancelled 3; cancel after a confirmation. */
export function TransferListPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('0');
  const [confirm, setConfirm] = useState<TransferRecord | null>(null);
  const { busy, run } = useSubmit();
  const status = Number(tab) as TransferFilter;
  const list = usePagedList(
    (page) => getTransferRecords(status, page),
    [status],
    (record: TransferRecord) => record.id,
  );
  const cancel = () => {
    if (!confirm) return;
    void run(
      `cancel-${confirm.id}`,
      () => cancelTransfer(confirm.id),
      (updated) => {
        setConfirm(null);
        if (status === 0) list.replace(updated);
        else list.refresh();
      },
    );
  };
  return (
    <div className={styles.page}>
      <PageHeader title={t('route.transferList')} backLabel={t('common.back')} onBack={() => goBack('/transfer')} />
      <div className={styles.tabsWrap}>
        <Tabs<TabKey>
          label={t('route.transferList')}
          value={tab}
          onChange={setTab}
          items={[
            { key: '0', label: t('earn.transfer.tabAll') },
            { key: '1', label: t('earn.transfer.tabPending') },
            { key: '2', label: t('earn.transfer.tabFinished') },
            { key: '3', label: t('earn.transfer.tabCancelled') },
          ]}
        />
      </div>
      <div className={styles.content}>
        <PagedList
          className={styles.pagedList}
          list={list}
          keyOf={(record) => record.id}
          renderRow={(record) => (
            <TransferRecordCard record={record} busy={busy === `cancel-${record.id}`} onCancel={setConfirm} />
          )}
          releaseText={t('common.releaseToRefresh')}
          rowHeight={230}
          label={t('route.transferList')}
          testId="transfer-record-list"
        />
      </div>
      <ConfirmSheet
        open={confirm !== null}
        title={t('earn.transfer.cancelTitle')}
        confirmLabel={t('earn.transfer.cancel')}
        busy={busy !== null}
        onConfirm={cancel}
        onClose={() => setConfirm(null)}
        testId="transfer-cancel-confirm"
      >
        <p>{t('earn.transfer.cancelText')}</p>
        {confirm && (
          <DetailList
            rows={[
              {
                label: t('earn.transfer.refund'),
                value: <CoinAmount amount={formatTrim(confirm.amount, 8)} coin={confirm.coin} />,
              },
            ]}
          />
        )}
      </ConfirmSheet>
    </div>
  );
}
