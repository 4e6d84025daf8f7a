import type { Big } from '../../../lib/money.ts';
import { formatFixed } from '../../../lib/money.ts';
import { HIDDEN_AMOUNT } from '../stores/wallet-store.ts';
import styles from './wallet.module.css';

export interface AmountTextProps {
  value: string | Big | null | undefined;
  /** Decimals shown (docs/product-rules.md#wallet: balances 8, dollar values 2), rounded down. */
  dp: number;
  /** Shows **** instead (the assets screens' eye). */
  hidden?: boolean;
  className?: string;
  testId?: string;
}

/** An amount: fixed decimals, isolated left to right (so a right-to-left page keeps its digits in order), or **** while hidden. */
export function AmountText({ value, dp, hidden = false, className, testId }: AmountTextProps) {
  return (
    <bdi dir="ltr" className={[styles.number, className ?? ''].join(' ')} data-testid={testId}>
      {hidden ? HIDDEN_AMOUNT : formatFixed(value, dp)}
    </bdi>
  );
}
