import { useTranslation } from 'react-i18next';
import { CoinAmount } from '../../../components/ui/CoinAmount.tsx';
import { ConfirmSheet } from '../../../components/ui/ConfirmSheet.tsx';
import type { DetailRow } from '../../../components/ui/DetailList.tsx';
import { useFormats } from '../../../lib/format.ts';
import { formatTrim, type Big } from '../../../lib/money.ts';
import { earlyRedemption } from '../api/earn-rules.ts';

const DAY_MS = 86_400_000;

/** What a lock is about to do: the figures the sheet states. */
export interface LockTerms {
  amount: string;
  coin: string;
  days: number;
  /** The rate's name (daily for mining, yearly for staking) and its value in percent. */
  rateLabel: string;
  rate: string;
  /** The revenue of the whole period, as the server will pay it. */
  estimate: Big | null;
  /** Type 1: may be redeemed before its end, for redeem_fee_rate % of the principal. */
  redeemable: boolean;
  redeemFeeRate: string;
  /** When the sheet opened: the end is counted from it, as the server counts it from the lock. */
  openedAt: number;
}

export interface LockConfirmSheetProps {
  terms: LockTerms | null;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
  testId: string;
}

/**
 * The confirm step before an amount is locked in lock mining or staking: what is locked, what it
 * earns and until when, and, before anything is locked, what an early redemption would cost and
 * give back of the principal (README "Early redemption") or that the order is locked to its end.
 */
export function LockConfirmSheet({ terms, confirmLabel, busy, onConfirm, onClose, testId }: LockConfirmSheetProps) {
  const { t } = useTranslation();
  const format = useFormats();
  const rows: DetailRow[] = [];
  if (terms) {
    const coinAmount = (value: Big | string) => <CoinAmount amount={formatTrim(value, 8)} coin={terms.coin} />;
    const redemption = terms.redeemable ? earlyRedemption(terms.amount, terms.redeemFeeRate) : null;
    rows.push(
      { label: t('earn.lock.amount'), value: coinAmount(terms.amount), testId: `${testId}-amount` },
      { label: t('earn.period'), value: format.days(terms.days) },
      { label: terms.rateLabel, value: format.rate(terms.rate) },
      {
        label: t('earn.lock.estimate'),
        value: terms.estimate ? coinAmount(terms.estimate) : '--',
        strong: true,
        testId: `${testId}-estimate`,
      },
      {
        label: t('earn.lock.ends'),
        value: <bdi dir="ltr">{format.dateTime(terms.openedAt + terms.days * DAY_MS)}</bdi>,
        testId: `${testId}-ends`,
      },
    );
    if (redemption) {
      rows.push(
        { label: t('earn.lock.redeemFee'), value: format.rate(terms.redeemFeeRate), testId: `${testId}-redeem-fee` },
        { label: t('earn.lock.redeemBack'), value: coinAmount(redemption.back), testId: `${testId}-redeem-back` },
      );
    } else {
      rows.push({
        label: t('earn.lock.earlyRedemption'),
        value: t('earn.lockedToEnd'),
        testId: `${testId}-redeem-fee`,
      });
    }
  }
  return (
    <ConfirmSheet
      open={terms !== null}
      title={t('earn.lock.title')}
      rows={rows}
      confirmLabel={confirmLabel}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      testId={testId}
    >
      <p>{t('earn.lock.text')}</p>
      {terms?.redeemable && <p>{t('earn.lock.redeemNote')}</p>}
    </ConfirmSheet>
  );
}
