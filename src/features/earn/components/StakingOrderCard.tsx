import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { formatTrim } from '../../../lib/money.ts';
import type { StakingOrder } from '../api/get-staking-orders.ts';
import { useEarnFormat } from '../hooks/use-earn-format.ts';
import styles from './earn.module.css';

const BADGE: Record<StakingOrder['status'], string> = { 0: styles.badgeActive ?? '', 1: styles.badgeUp ?? '', 2: '' };
/** The status in the app's language (the server's status_text is in English or Chinese only). */
const STATUS: Record<StakingOrder['status'], string> = { 0: 'earn.staking.filterStaking', 1: 'earn.staking.filterEnded', 2: 'earn.staking.filterRedeemed' };

/** A staking order (spec §2, §4): its terms, the revenue so far, and redeem for status 0 with type 1. */
export function StakingOrderCard({ order, busy, onRedeem }: { order: StakingOrder; busy: boolean; onRedeem(order: StakingOrder): void }) {
  const { t } = useTranslation();
  const format = useEarnFormat();
  return (
    <article className={styles.card} data-testid="staking-order" data-status={order.status}>
      <div className={styles.cardHead}>
        <div className={styles.cardTitle}>
          <strong>{order.title}</strong>
          <span className={styles.sub} dir="ltr">
            {order.order_num}
          </span>
        </div>
        <span className={[styles.badge, BADGE[order.status]].join(' ')}>{t(STATUS[order.status])}</span>
      </div>
      <dl className={styles.rows}>
        <dt>{t('earn.amount')}</dt>
        <dd>
          <bdi>{formatTrim(order.amount, 8)}</bdi> {order.coin}
        </dd>
        <dt>{t('earn.staking.yearlyRate')}</dt>
        <dd>{format.percent(order.interest_rate)}</dd>
        <dt>{t('earn.period')}</dt>
        <dd>{format.days(order.days)}</dd>
        <dt>{t('earn.start')}</dt>
        <dd>{format.dateTime(order.start_time_ms)}</dd>
        <dt>{t('earn.end')}</dt>
        <dd>{format.dateTime(order.end_time_ms)}</dd>
        <dt>{t('earn.earned')}</dt>
        <dd className={styles.rate}>
          <bdi>{formatTrim(order.total_revenue, 8)}</bdi> {order.coin}
        </dd>
        <dt>{t('earn.expected')}</dt>
        <dd>
          <bdi>{formatTrim(order.estimated_revenue, 8)}</bdi> {order.coin}
        </dd>
        {order.status === 2 && (
          <>
            <dt>{t('earn.returned')}</dt>
            <dd>
              <bdi>{formatTrim(order.redeem_amount, 8)}</bdi> {order.coin}
            </dd>
          </>
        )}
      </dl>
      {order.status === 0 && order.type === 1 && (
        <div className={styles.actions}>
          <Button variant="secondary" busy={busy} onClick={() => onRedeem(order)}>
            {t('earn.redeem.action')}
          </Button>
        </div>
      )}
    </article>
  );
}
