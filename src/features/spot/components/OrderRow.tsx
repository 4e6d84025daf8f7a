import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatTrim } from '../../../lib/money.ts';
import type { SpotOrderRecord } from '../api/get-spot-orders.ts';
import orderCard from '../../../components/ui/order-card.module.css';
import tone from '../../../components/ui/tone.module.css';
import styles from './spot.module.css';

/** One spot order record; only open orders (status 1) offer cancel (spec §4). */
export function OrderRow({ order, onCancel, cancelling }: { order: SpotOrderRecord; onCancel(order: SpotOrderRecord): void; cancelling: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const buy = order.type === 1;
  return (
    <div className={orderCard.card} data-testid="spot-order" data-status={order.status}>
      <div className={orderCard.head}>
        <span className={buy ? tone.up : tone.down}>
          <span aria-hidden="true">{buy ? '▲ ' : '▼ '}</span>
          {order.type_text} · {order.ordertype_text}
        </span>
        <strong>
          <bdi dir="ltr">{order.title ?? `${order.coinname}/${order.trade_coin}`}</bdi>
        </strong>
        <span className={styles.muted}>
          <bdi dir="ltr">{formats.serverTime(order.tradetime || order.addtime)}</bdi>
        </span>
      </div>
      <div className={orderCard.grid}>
        <span>{t('spot.orders.price')}</span>
        <span>{order.price ? formatTrim(order.price, 8) : t('spot.form.market')}</span>
        <span>{t('spot.orders.quantity')}</span>
        <span>{formatTrim(order.predict_num, 8)}</span>
        <span>{t('spot.orders.filled')}</span>
        <span>{formatTrim(order.coinnum, 8)}</span>
        <span>{t('spot.orders.status')}</span>
        <span>{order.status_text ?? ''}</span>
      </div>
      {order.status === 1 && (
        <Button variant="secondary" busy={cancelling} onClick={() => onCancel(order)} data-testid="cancel-order">
          {t('spot.orders.cancel')}
        </Button>
      )}
    </div>
  );
}
