import { useTranslation } from 'react-i18next';
import type { OptionsOrder } from '../../../../common/protocol.ts';
import { formatFixed } from '../../../lib/money.ts';
import tone from '../../../components/ui/tone.module.css';
import { DetailList } from '../../../components/ui/DetailList.tsx';
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
    <DetailList
      testId="settled-result"
      rows={[
        { label: t('options.result.label'), value: t(resultKey(order)), valueClassName: tone, testId: 'result-text' },
        {
          label: t('options.result.profit'),
          value: <bdi dir="ltr">{order.ploss}</bdi>,
          valueClassName: `${styles.num} ${tone}`,
          testId: 'result-ploss',
        },
        { label: t('options.result.buyPrice'), value: formatFixed(order.buyprice, 6), valueClassName: styles.num },
        { label: t('options.result.settlePrice'), value: formatFixed(order.sellprice, 6), valueClassName: styles.num },
      ]}
    />
  );
}
