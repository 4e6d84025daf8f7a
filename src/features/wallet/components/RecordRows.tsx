import { useTranslation } from 'react-i18next';
import { ACCOUNT_NAME_KEYS, toAccountType } from '../../../lib/account-types.ts';
import { useFormats } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import type { BillRecord, RechargeRecord, TransferRecord, WithdrawRecord } from '../api/get-records.ts';
import { AmountText } from './AmountText.tsx';
import tone from '../../../components/ui/tone.module.css';
import styles from './wallet.module.css';

const STATUS_CLASS: Record<number, string | undefined> = { 1: styles.status1, 2: styles.status2, 3: styles.status3 };

/** A record's status as the server names it (pending review, completed, not passed), coloured by its value. */
function Status({ status, text }: { status: number; text: string }) {
  return <span className={[styles.status, STATUS_CLASS[status] ?? ''].join(' ')}>{text}</span>;
}

/** A record time the server answers in UTC, shown in the device's time zone like every list's (format.ts), isolated so a right-to-left page keeps it in order. */
function Time({ value }: { value: string }) {
  const formats = useFormats();
  return <bdi dir="ltr">{formats.serverTime(value)}</bdi>;
}

/** A bill row (docs/product-rules.md#account-records): the amount signed (+ when st is 1, else -) and coloured with its sign, remark, time. */
export function BillRow({ row, hidden }: { row: BillRecord; hidden: boolean }) {
  const income = row.st === 1;
  return (
    <div className={styles.record} data-testid="bill-row">
      <div className={styles.recordHead}>
        <span className={[styles.recordAmount, income ? tone.up : tone.down].join(' ')}>
          <bdi dir="ltr">
            {income ? '+' : '-'}
            <AmountText value={row.num} dp={8} hidden={hidden} />
          </bdi>
        </span>
      </div>
      <span className={styles.recordLine}>{row.remark}</span>
      <span className={styles.recordLine}>
        <Time value={row.addtime} />
      </span>
    </div>
  );
}

/** A withdrawal row (docs/product-rules.md#account-records): amount, status, remark (the reason when not passed), update time; and where it went and what arrives. */
export function WithdrawRow({ row, hidden }: { row: WithdrawRecord; hidden: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.record} data-testid="withdraw-row">
      <div className={styles.recordHead}>
        <AmountText className={styles.recordAmount} value={row.mum} dp={8} hidden={hidden} />
        <Status status={row.status} text={row.status_text} />
      </div>
      <span className={styles.recordLine}>
        {t('wallet.records.received')} <AmountText value={row.received} dp={8} hidden={hidden} /> ·{' '}
        {t('wallet.records.fee')} <AmountText value={row.fee} dp={8} hidden={hidden} />
      </span>
      <span className={styles.recordLine}>
        {row.network && `${row.network} `}
        <bdi dir="ltr">{row.address}</bdi>
      </span>
      {row.remark && <span className={styles.recordLine}>{row.remark}</span>}
      <span className={styles.recordLine}>
        <Time value={row.updatetime} />
      </span>
    </div>
  );
}

/** A deposit row (docs/product-rules.md#account-records): amount, status, address, update time; and the reason when not passed. */
export function RechargeRow({ row, hidden }: { row: RechargeRecord; hidden: boolean }) {
  return (
    <div className={styles.record} data-testid="recharge-row">
      <div className={styles.recordHead}>
        <AmountText className={styles.recordAmount} value={row.num} dp={8} hidden={hidden} />
        <Status status={row.status} text={row.status_text} />
      </div>
      <span className={styles.recordLine}>
        {row.network && `${row.network} `}
        <bdi dir="ltr">{row.address}</bdi>
      </span>
      {row.remark && <span className={styles.recordLine}>{row.remark}</span>}
      <span className={styles.recordLine}>
        <Time value={row.updatetime} />
      </span>
    </div>
  );
}

/** A transfer row (docs/product-rules.md#account-records): amount, status, time, from account (coin) to account; a tap shows its message as a toast. */
export function TransferRow({ row, hidden }: { row: TransferRecord; hidden: boolean }) {
  const { t } = useTranslation();
  const name = (type: number) => {
    const known = toAccountType(type);
    return known ? t(ACCOUNT_NAME_KEYS[known]) : String(type);
  };
  return (
    <button
      type="button"
      className={styles.record}
      onClick={() => showToast(row.msg, 'info')}
      data-testid="transfer-row"
    >
      <div className={styles.recordHead}>
        <AmountText className={styles.recordAmount} value={row.num} dp={8} hidden={hidden} />
        <Status status={row.status} text={row.status_text} />
      </div>
      <span className={styles.recordLine}>
        {t('wallet.records.route', { from: name(row.from_type), coin: row.coin, to: name(row.to_type) })}
      </span>
      <span className={styles.recordLine}>
        <Time value={row.updatetime} />
      </span>
    </button>
  );
}
