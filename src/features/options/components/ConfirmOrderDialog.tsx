import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { formatFixed } from '../../../lib/money.ts';
import { optionFee, payoutIfWin } from '../api/option-rules.ts';
import tone from '../../../components/ui/tone.module.css';
import styles from './options.module.css';

export interface ConfirmOrderDialogProps {
  open: boolean;
  /** Rendered ahead and only shown when it opens (Dialog's prerender). */
  prerender?: boolean;
  pair: string;
  direction: 1 | 2;
  quantity: string;
  duration: number;
  rate: string;
  /** getHyConfig fee_rate; the fee it makes is shown when it is not zero. */
  feeRate?: string;
  coin: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Confirms quantity and duration, with the fee debited alongside the stake when there is one and
 * what the order pays if its direction wins (issue 5). Only the chosen direction's payout is shown:
 * the other direction's row could only ever read 0 (issue 14).
 */
export function ConfirmOrderDialog({ open, prerender = false, busy, onConfirm, onClose, ...order }: ConfirmOrderDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('options.confirm.title')} closeLabel={t('common.close')} testId="option-confirm" prerender={prerender}>
      <OrderDetails {...order} />
      <SendButton block busy={busy} onClick={onConfirm}>
        {t('common.confirm')}
      </SendButton>
    </Dialog>
  );
}

type OrderDetailsProps = Omit<ConfirmOrderDialogProps, 'open' | 'prerender' | 'busy' | 'onConfirm' | 'onClose'>;

/**
 * What is ordered. Memoised apart from the dialog: the Buy tap only opens the prerendered dialog,
 * and a dozen translations redone inside that tap held back the paint that shows it (DESIGN.md §8
 * tap budget).
 */
const OrderDetails = memo(function OrderDetails({ pair, direction, quantity, duration, rate, feeRate, coin }: OrderDetailsProps) {
  const { t } = useTranslation();
  const win = payoutIfWin(quantity, rate);
  const fee = optionFee(quantity, feeRate);
  return (
    <>
      <dl className={styles.detailList}>
        <dt>{t('options.confirm.pair')}</dt>
        <dd>
          <bdi dir="ltr">{pair}</bdi>
        </dd>
        <dt>{t('options.confirm.direction')}</dt>
        <dd className={direction === 1 ? tone.up : tone.down}>{t(direction === 1 ? 'options.buyUp' : 'options.buyDown')}</dd>
        <dt>{t('options.confirm.quantity')}</dt>
        <dd className={styles.num}>
          <CoinAmount amount={quantity} coin={coin} />
        </dd>
        {fee.gt(0) && (
          <>
            <dt>{t('options.confirm.fee')}</dt>
            <dd className={styles.num} data-testid="option-fee">
              <CoinAmount amount={formatFixed(fee, 8)} coin={coin} />
            </dd>
          </>
        )}
        <dt>{t('options.confirm.duration')}</dt>
        <dd>{t('options.picker.seconds', { count: duration })}</dd>
        <dt>{t(direction === 1 ? 'options.confirm.ifUp' : 'options.confirm.ifDown')}</dt>
        <dd className={styles.num} data-testid={direction === 1 ? 'payout-up' : 'payout-down'}>
          <CoinAmount amount={formatFixed(win, 8)} coin={coin} />
        </dd>
      </dl>
      <p className={styles.muted}>{t('options.confirm.rule', { rate })}</p>
    </>
  );
});
