import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatTrim } from '../../../lib/money.ts';
import { cancellable, STATUS_WAITING, type SpotOrderRecord } from '../api/get-spot-orders.ts';
import orderCard from '../../../components/ui/order-card.module.css';
import tone from '../../../components/ui/tone.module.css';
import styles from './spot.module.css';

/**
 * One spot order record; orders still cancellable (open, or a stop-limit waiting for its trigger)
 * offer cancel. A stop-limit shows its trigger price; a completed order its fee and total.
 * Fields a server from before them leaves out are not shown.
 */
export function OrderRow({
  order,
  onCancel,
  cancelling,
}: {
  order: SpotOrderRecord;
  onCancel(order: SpotOrderRecord): void;
  cancelling: boolean;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const buy = order.type === 1;
  const stopLimit = order.operate_type === 3;
  const waiting = order.status === STATUS_WAITING;
  const done = order.status === 2;
  // A completed order's amount is the quote value it traded, the same figure as total.
  const total = order.total ?? order.amount;
  return (
    <div className={orderCard.card} data-testid="spot-order" data-status={order.status}>
      <div className={orderCard.head}>
        <span className={buy ? tone.up : tone.down}>
          <span aria-hidden="true">{buy ? '▲ ' : '▼ '}</span>
          {order.type_text} · {stopLimit ? t('spot.form.stopLimit') : order.ordertype_text}
        </span>
        <strong>
          <bdi dir="ltr">{order.title ?? `${order.coinname}/${order.trade_coin}`}</bdi>
        </strong>
        <span className={styles.muted}>
          <bdi dir="ltr">{formats.serverTime(order.tradetime || order.addtime)}</bdi>
        </span>
      </div>
      <div className={orderCard.grid}>
        {stopLimit && order.trigger_price ? (
          <>
            <span>{t('spot.orders.trigger')}</span>
            <span data-testid="order-trigger">
              <bdi dir="ltr">{formatTrim(order.trigger_price, 8)}</bdi>
            </span>
          </>
        ) : null}
        <span>{t('spot.orders.price')}</span>
        <span>{order.price ? formatTrim(order.price, 8) : t('spot.form.market')}</span>
        <span>{t('spot.orders.quantity')}</span>
        <span>{formatTrim(order.predict_num, 8)}</span>
        <span>{t('spot.orders.filled')}</span>
        <span>{formatTrim(order.coinnum, 8)}</span>
        {done && total !== undefined && (
          <>
            <span>{t('spot.orders.total')}</span>
            <span data-testid="order-total">
              <CoinAmount amount={formatTrim(total, 8)} coin={order.trade_coin} />
            </span>
          </>
        )}
        {done && order.fee !== undefined && (
          <>
            <span>{t('spot.orders.fee')}</span>
            <span data-testid="order-fee">
              <CoinAmount amount={formatTrim(order.fee, 8)} coin={order.fee_coin || undefined} />
            </span>
          </>
        )}
        <span>{t('spot.orders.status')}</span>
        <span data-testid="order-status">{waiting ? t('spot.orders.waiting') : (order.status_text ?? '')}</span>
      </div>
      {cancellable(order) && (
        <Button variant="secondary" busy={cancelling} onClick={() => onCancel(order)} data-testid="cancel-order">
          {t('spot.orders.cancel')}
        </Button>
      )}
    </div>
  );
}
