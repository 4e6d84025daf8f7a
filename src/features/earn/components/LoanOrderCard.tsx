import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatTrim } from '../../../lib/money.ts';
import type { LoanOrder } from '../api/get-loan-records.ts';
import { canCancel, canRepay } from '../api/loan-rules.ts';
import styles from './earn.module.css';

const BADGE: Record<LoanOrder['status'], string> = {
  1: styles.badgeActive ?? '',
  2: styles.badgeUp ?? '',
  3: styles.badgeDown ?? '',
  4: '',
};
/** The status in the app's language (the server's status_text is in English or Chinese only). */
const STATUS: Record<LoanOrder['status'], string> = {
  1: 'earn.loans.filterReview',
  2: 'earn.loans.filterApproved',
  3: 'earn.loans.filterRejected',
  4: 'earn.loans.filterCancelled',
};

export interface LoanOrderCardProps {
  order: LoanOrder;
  busy: string | null;
  onRepay(order: LoanOrder): void;
  onCancel(order: LoanOrder): void;
}

/** One loan or application (docs/product-rules.md#loans, my orders): its terms, its state, and repay or cancel where the state allows (docs/product-rules.md#loans). */
export function LoanOrderCard({ order, busy, onRepay, onCancel }: LoanOrderCardProps) {
  const { t } = useTranslation();
  const format = useFormats();
  const repaid = order.is_repayment === 1;
  return (
    <article
      className={styles.card}
      data-testid="loan-order"
      data-status={order.status}
      data-repaid={order.is_repayment}
    >
      <div className={styles.cardHead}>
        <div className={styles.cardTitle}>
          <strong>{order.title}</strong>
          <span className={`${styles.sub} ${styles.orderNum}`} dir="ltr">
            {order.order_num}
          </span>
        </div>
        <span className={[styles.badge, BADGE[order.status]].join(' ')}>{t(STATUS[order.status])}</span>
      </div>
      <DetailList
        rows={[
          { label: t('earn.amount'), value: <CoinAmount amount={formatTrim(order.amount, 8)} coin={order.coin} /> },
          { label: t('earn.dailyRate'), value: format.rate(order.interest_rate) },
          { label: t('earn.period'), value: format.days(order.cycle) },
          {
            label: t('earn.loans.interest'),
            value: <CoinAmount amount={formatTrim(order.interest, 8)} coin={order.coin} />,
          },
          {
            label: t('earn.loans.total'),
            value: <CoinAmount amount={formatTrim(order.total_amount, 8)} coin={order.coin} />,
          },
          { label: t('earn.loans.appliedAt'), value: <bdi dir="ltr">{format.dateTime(order.addtime_ms)}</bdi> },
          ...(order.repayment_time_ms !== null
            ? [
                {
                  label: t('earn.loans.repayBy'),
                  value: <bdi dir="ltr">{format.dateTime(order.repayment_time_ms)}</bdi>,
                },
              ]
            : []),
          ...(order.status === 2
            ? [
                {
                  label: t('earn.loans.repayment'),
                  value: t(repaid ? 'earn.loans.repaid' : 'earn.loans.unpaid'),
                  valueClassName: repaid ? styles.rate : undefined,
                },
              ]
            : []),
        ]}
      />
      {order.status === 3 && order.reason && (
        <p className={styles.reason}>{t('earn.loans.reason', { reason: order.reason })}</p>
      )}
      {(canRepay(order) || canCancel(order)) && (
        <div className={styles.actions}>
          {canCancel(order) && (
            <Button variant="danger" busy={busy === `cancel-${order.id}`} onClick={() => onCancel(order)}>
              {t('earn.loans.cancel')}
            </Button>
          )}
          {canRepay(order) && (
            <Button busy={busy === `repay-${order.id}`} onClick={() => onRepay(order)}>
              {t('earn.loans.repay')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
