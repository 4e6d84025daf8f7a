import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { DetailList } from '../../../components/ui/DetailList.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatTrim } from '../../../lib/money.ts';
import type { MiningOrder } from '../api/get-mining-orders.ts';
import type { StakingOrder } from '../api/get-staking-orders.ts';
import styles from './earn.module.css';

type Status = 0 | 1 | 2;
const BADGE: Record<Status, string> = { 0: styles.badgeActive ?? '', 1: styles.badgeUp ?? '', 2: '' };

/** What differs between a mining and a staking order's card: the status words in the app's language (the server's status_text is in English or Chinese only), the rate's name and the test id. */
const PRODUCT = {
  mining: {
    status: { 0: 'earn.mining.running', 1: 'earn.mining.ended', 2: 'earn.mining.redeemed' },
    rate: 'earn.dailyRate',
    testId: 'mining-order',
  },
  staking: {
    status: { 0: 'earn.staking.filterStaking', 1: 'earn.staking.filterEnded', 2: 'earn.staking.filterRedeemed' },
    rate: 'earn.staking.yearlyRate',
    testId: 'staking-order',
  },
} as const satisfies Record<string, { status: Record<Status, string>; rate: string; testId: string }>;

type LockedOrder = MiningOrder | StakingOrder;

/**
 * An order of the locked-earnings products (docs/product-rules.md#earn), lock mining (daily rate, product image)
 * or staking (yearly rate): its terms, the earnings so far, what a redemption returned, and redeem
 * for a running order of type 1.
 */
export function LockedOrderCard<T extends LockedOrder>({
  product,
  order,
  busy,
  onRedeem,
}: {
  product: keyof typeof PRODUCT;
  order: T;
  busy: boolean;
  onRedeem(order: NoInfer<T>): void;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const texts = PRODUCT[product];
  return (
    <article className={styles.card} data-testid={texts.testId} data-status={order.status}>
      <div className={styles.cardHead}>
        {'img' in order &&
          (order.img ? (
            <img className={styles.thumb} src={order.img} alt="" />
          ) : (
            <span className={styles.thumb} aria-hidden="true" />
          ))}
        <div className={styles.cardTitle}>
          <strong>{order.title}</strong>
          <span className={`${styles.sub} ${styles.orderNum}`} dir="ltr">
            {order.order_num}
          </span>
        </div>
        <span className={[styles.badge, BADGE[order.status]].join(' ')}>{t(texts.status[order.status])}</span>
      </div>
      <DetailList
        rows={[
          { label: t('earn.amount'), value: <CoinAmount amount={formatTrim(order.amount, 8)} coin={order.coin} /> },
          { label: t(texts.rate), value: format.rate(order.interest_rate) },
          { label: t('earn.period'), value: format.days(order.days) },
          { label: t('earn.start'), value: <bdi dir="ltr">{format.dateTime(order.start_time_ms)}</bdi> },
          { label: t('earn.end'), value: <bdi dir="ltr">{format.dateTime(order.end_time_ms)}</bdi> },
          {
            label: t('earn.earned'),
            value: <CoinAmount amount={formatTrim(order.total_revenue, 8)} coin={order.coin} />,
            valueClassName: styles.rate,
          },
          {
            label: t('earn.expected'),
            value: <CoinAmount amount={formatTrim(order.estimated_revenue, 8)} coin={order.coin} />,
          },
          ...(order.status === 2
            ? [
                {
                  label: t('earn.returned'),
                  value: <CoinAmount amount={formatTrim(order.redeem_amount, 8)} coin={order.coin} />,
                },
              ]
            : []),
        ]}
      />
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
