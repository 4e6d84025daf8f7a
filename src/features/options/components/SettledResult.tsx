import { useTranslation } from 'react-i18next';
import type { OptionsOrder } from '../../../../workers/shared/protocol.ts';
import { formatFixed } from '../../../lib/money.ts';
import tone from '../../../components/ui/tone.module.css';
import styles from './options.module.css';

/** Result keys by is_win: 1 win, 2 lose, 3 tie (stake back), 4 void (no price at expiry, refunded). */
export function resultKey(isWin: number): string {
  if (isWin === 1) return 'options.result.win';
  if (isWin === 3) return 'options.result.tie';
  if (isWin === 4) return 'options.result.void';
  return 'options.result.lose';
}

/** The colour of an outcome: up for a win, down for a loss, neutral for a tie or a void. */
export function resultTone(isWin: number): string {
  if (isWin === 1) return tone.up ?? '';
  if (isWin === 2) return tone.down ?? '';
  return '';
}

/** A settled order's outcome in the win (up colour) or lose (down colour) colour, with its sign. */
export function SettledResult({ order }: { order: OptionsOrder }) {
  const { t } = useTranslation();
  const tone = resultTone(order.is_win);
  return (
    <dl className={styles.detailList} data-testid="settled-result">
      <dt>{t('options.result.label')}</dt>
      <dd className={tone} data-testid="result-text">
        {t(resultKey(order.is_win))}
      </dd>
      <dt>{t('options.result.profit')}</dt>
      <dd className={`${styles.num} ${tone}`} data-testid="result-ploss">
        {order.ploss}
      </dd>
      <dt>{t('options.result.buyPrice')}</dt>
      <dd className={styles.num}>{formatFixed(order.buyprice, 6)}</dd>
      <dt>{t('options.result.settlePrice')}</dt>
      <dd className={styles.num}>{formatFixed(order.sellprice, 6)}</dd>
    </dl>
  );
}
