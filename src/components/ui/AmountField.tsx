import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AMOUNT_PROBLEM_KEYS, amountTextProblem, cleanAmountText } from '../../lib/amount-input.ts';
import { toBig } from '../../lib/money.ts';
import { TextField, type TextFieldProps } from './TextField.tsx';
import styles from './amount-field.module.css';

export interface AmountFieldProps extends Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'trailing' | 'onChange' | 'value'
> {
  value: string;
  /** The text the field keeps (lib/amount-input.ts): what was typed, with nothing that changes its value. */
  onChange(text: string): void;
  /** The coin or unit shown after the number. */
  unit?: string;
  /** Fills the largest amount allowed; the button is shown only with a label. */
  onAll?(): void;
  allLabel?: string;
  /** Whole numbers only (steppers, staking): a decimal part is kept as typed and refused with a message. */
  integer?: boolean;
  /** What the user can spend, as decimal text: a larger amount is flagged as the user types it. */
  available?: string;
  /** A control at the row's end, after the unit (a price stepper's +). */
  end?: ReactNode;
}

/**
 * The one amount input (docs/money-input.md): the decimal keypad, tabular digits, the unit, and All.
 * Keeps the text as typed (money stays a string until big.js reads it) and says at once what is wrong
 * with it: not a number, a fraction in a whole-number field, more than the available balance. The
 * form's own error (`error`) shows when the text itself is fine.
 */
export function AmountField({
  value,
  onChange,
  unit,
  onAll,
  allLabel,
  integer = false,
  available,
  end,
  error,
  ...field
}: AmountFieldProps) {
  const { t } = useTranslation();
  const problem = amountTextProblem(value, integer);
  const amount = problem ? null : toBig(value);
  const limit = toBig(available);
  const above = !!amount && !!limit && amount.gt(limit);
  const shown = problem
    ? t(AMOUNT_PROBLEM_KEYS[problem])
    : above
      ? t('send.amount.aboveAvailable', { amount: `${available}${unit ? ` ${unit}` : ''}` })
      : error;
  return (
    <TextField
      {...field}
      error={shown}
      value={value}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      className={[styles.amount, field.className ?? ''].join(' ')}
      onChange={(event) => onChange(cleanAmountText(event.target.value))}
      trailing={
        <>
          {unit && <span className={styles.unit}>{unit}</span>}
          {onAll && allLabel && (
            <button type="button" className={styles.all} onClick={onAll}>
              {allLabel}
            </button>
          )}
          {end}
        </>
      }
    />
  );
}
