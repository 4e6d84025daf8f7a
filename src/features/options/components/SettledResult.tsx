import { useTranslation } from 'react-i18next';
import type { OptionsOrder } from '../../../../common/protocol.ts';
import { formatFixed } from '../../../lib/money.ts';
import tone from '../../../components/ui/tone.module.css';
import styles from './options.module.css';

type Outcome = Pick<OptionsOrder, 'status' | 'is_win'>;

/**
 * Result keys by is_win once settled (status 2): 1 win, 2 lose, 3 tie (stake back), 4 void (no price
 * at expiry, refunded). An order not settled yet (status 1, is_win 0), or an unknown value, reads
 * pending settlement: nothing is a loss unless the server said so.
 */
export function resultKey({ status, is_win }: Outcome): string {
  if (status !== 2) return 'options.result.pending';
  if (is_win === 1) return 'options.result.win';
  if (is_win === 2) return 'options.result.lose';
  if (is_win === 3) return 'options.result.tie';
  if (is_win === 4) return 'options.result.void';
  return 'options.result.pending';
}

/** The colour of an outcome: up for a win, down for a loss, neutral for a tie, a void or no result yet. */
export function resultTone({ status, is_win }: Outcome): string {
  if (status !== 2) return '';
  if (is_win === 1) return tone.up ?? '';
  if (is_win === 2) return tone.down ?? '';
  return '';
}

/** A settled order's outcome in the win (up colour) or lose (down colour) colour, with its sign. */
export function SettledResult({ order }: { order: OptionsOrder }) {
  const { t } = useTranslation();
  const tone = resultTone(order);
  return (
    <dl className={styles.detailList} data-testid="settled-result">
      <dt>{t('options.result.label')}</dt>
      <dd className={tone} data-testid="result-text">
        {t(resultKey(order))}
      </dd>
      <dt>{t('options.result.profit')}</dt>
      <dd className={`${styles.num} ${tone}`} data-testid="result-ploss">
        <bdi dir="ltr">{order.ploss}</bdi>
      </dd>
      <dt>{t('options.result.buyPrice')}</dt>
      <dd className={styles.num}>{formatFixed(order.buyprice, 6)}</dd>
      <dt>{t('options.result.settlePrice')}</dt>
      <dd className={styles.num}>{formatFixed(order.sellprice, 6)}</dd>
    </dl>
  );
}
