import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { SendButton } from '../../../components/ui/SendButton.tsx';
import { formatFixed } from '../../../lib/money.ts';
import { optionFee, payoutIfWin } from '../api/option-rules.ts';
import tone from '../../../components/ui/tone.module.css';
import { DetailList } from '../../../components/ui/DetailList.tsx';
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
 * what the order pays if its direction wins. Only the chosen direction's payout is shown:
 * the other direction's row could only ever read 0.
 */
export function ConfirmOrderDialog({
  open,
  prerender = false,
  busy,
  onConfirm,
  onClose,
  ...order
}: ConfirmOrderDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('options.confirm.title')}
      closeLabel={t('common.close')}
      testId="option-confirm"
      prerender={prerender}
    >
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
 * and a dozen translations redone inside that tap held back the paint that shows it (docs/performance.md#budgets
 * tap budget).
 */
const OrderDetails = memo(function OrderDetails({
  pair,
  direction,
  quantity,
  duration,
  rate,
  feeRate,
  coin,
}: OrderDetailsProps) {
  const { t } = useTranslation();
  const win = payoutIfWin(quantity, rate);
  const fee = optionFee(quantity, feeRate);
  return (
    <>
      <DetailList
        rows={[
          { label: t('options.confirm.pair'), value: <bdi dir="ltr">{pair}</bdi> },
          {
            label: t('options.confirm.direction'),
            value: t(direction === 1 ? 'options.buyUp' : 'options.buyDown'),
            valueClassName: direction === 1 ? tone.up : tone.down,
          },
          {
            label: t('options.confirm.quantity'),
            value: <CoinAmount amount={quantity} coin={coin} />,
            valueClassName: styles.num,
          },
          ...(fee.gt(0)
            ? [
                {
                  label: t('options.confirm.fee'),
                  value: <CoinAmount amount={formatFixed(fee, 8)} coin={coin} />,
                  valueClassName: styles.num,
                  testId: 'option-fee',
                },
              ]
            : []),
          { label: t('options.confirm.duration'), value: t('options.picker.seconds', { count: duration }) },
          {
            label: t(direction === 1 ? 'options.confirm.ifUp' : 'options.confirm.ifDown'),
            value: <CoinAmount amount={formatFixed(win, 8)} coin={coin} />,
            valueClassName: styles.num,
            testId: direction === 1 ? 'payout-up' : 'payout-down',
          },
        ]}
      />
      <p className={styles.muted}>{t('options.confirm.rule', { rate })}</p>
    </>
  );
});
