import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatTrim } from '../../../lib/money.ts';
import type { TransferRecord } from '../api/get-transfer-records.ts';
import styles from './earn.module.css';

const BADGE: Record<TransferRecord['status'], string> = { 1: styles.badgeActive ?? '', 2: styles.badgeUp ?? '', 3: '' };
/** The status in the app's language (the server's status_text is in English or Chinese only). */
const STATUS: Record<TransferRecord['status'], string> = {
  1: 'earn.transfer.tabPending',
  2: 'earn.transfer.tabFinished',
  3: 'earn.transfer.tabCancelled',
};

/** One internal transfer as its sender or receiver sees it (docs/product-rules.md#internal-transfers); the sender may cancel it while it is in transfer (docs/product-rules.md#internal-transfers). */
export function TransferRecordCard({
  record,
  busy,
  onCancel,
}: {
  record: TransferRecord;
  busy: boolean;
  onCancel(record: TransferRecord): void;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const out = record.direction === 'out';
  return (
    <article
      className={styles.card}
      data-testid="transfer-record"
      data-status={record.status}
      data-direction={record.direction}
    >
      <div className={styles.cardHead}>
        <div className={styles.cardTitle}>
          <strong>{t(out ? 'earn.transfer.sentTo' : 'earn.transfer.receivedFrom')}</strong>
          <span className={styles.sub}>
            <bdi>{out ? record.to_username : record.from_username}</bdi>
          </span>
        </div>
        <span className={[styles.badge, BADGE[record.status]].join(' ')}>{t(STATUS[record.status])}</span>
      </div>
      <DetailList
        rows={[
          { label: t('earn.amount'), value: <CoinAmount amount={formatTrim(record.amount, 8)} coin={record.coin} /> },
          {
            label: t('earn.transfer.fee'),
            value: <CoinAmount amount={formatTrim(record.sxf, 8)} coin={record.coin} />,
          },
          {
            label: t('earn.transfer.actual'),
            value: <CoinAmount amount={formatTrim(record.arrival_amount, 8)} coin={record.coin} />,
            valueClassName: styles.rate,
          },
          { label: t('earn.transfer.sentAt'), value: <bdi dir="ltr">{format.dateTime(record.addtime_ms)}</bdi> },
          ...(record.status !== 3
            ? [
                {
                  label: t(record.status === 2 ? 'earn.transfer.arrivedAt' : 'earn.transfer.arrivesAt'),
                  value: <bdi dir="ltr">{format.dateTime(record.arrival_time_ms)}</bdi>,
                },
              ]
            : []),
          { label: t('earn.transfer.orderNum'), value: <bdi dir="ltr">{record.order_num}</bdi> },
        ]}
      />
      {record.reason && <p className={styles.reason}>{t('earn.transfer.reason', { reason: record.reason })}</p>}
      {out && record.status === 1 && (
        <div className={styles.actions}>
          <Button variant="danger" busy={busy} onClick={() => onCancel(record)}>
            {t('earn.transfer.cancel')}
          </Button>
        </div>
      )}
    </article>
  );
}
