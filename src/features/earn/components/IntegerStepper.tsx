import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AMOUNT_PROBLEM_KEYS, amountTextProblem, cleanAmountText } from '../../../lib/amount-input.ts';
import { toBig } from '../../../lib/money.ts';
import { stepInteger } from '../api/earn-rules.ts';
import fieldStyles from '../../../components/ui/field.module.css';
import styles from './earn.module.css';

export interface IntegerStepperProps {
  label: string;
  value: string;
  onChange(value: string): void;
  min: string;
  max: string;
  /** Accessible names of − and +. */
  decreaseLabel: string;
  increaseLabel: string;
  /** A line under the stepper (the allowed range). */
  hint?: string;
  /** What the user can spend, as decimal text (mining): a larger amount is flagged as AmountField flags it. */
  available?: string;
  /** The coin, named with the available amount. */
  unit?: string;
  testId?: string;
}

/**
 * The amount stepper of loans and lock mining (docs/product-rules.md#earn): whole numbers only, − and + move by a step
 * that suits the range and stay within min..max; the number can also be typed. A decimal part typed
 * or pasted is kept as it is and refused with a message (lib/amount-input.ts), never joined to the
 * whole part: 150.5 must not become 1505. An amount above `available` is flagged with AmountField's
 * message as it is typed.
 */
export function IntegerStepper({
  label,
  value,
  onChange,
  min,
  max,
  decreaseLabel,
  increaseLabel,
  hint,
  available,
  unit,
  testId,
}: IntegerStepperProps) {
  const { t } = useTranslation();
  const id = useId();
  const problem = amountTextProblem(value, true);
  const current = problem ? null : toBig(value);
  const limit = toBig(available);
  const message = problem
    ? t(AMOUNT_PROBLEM_KEYS[problem])
    : current && limit && current.gt(limit)
      ? t('send.amount.aboveAvailable', { amount: `${available}${unit ? ` ${unit}` : ''}` })
      : null;
  const describedBy = [message ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const low = toBig(min);
  const high = toBig(max);
  return (
    <div className={styles.section}>
      <label className={styles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          aria-label={decreaseLabel}
          disabled={!!current && !!low && current.lte(low)}
          onClick={() => onChange(stepInteger(value, -1, min, max))}
        >
          −
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          value={value}
          onChange={(event) => onChange(cleanAmountText(event.target.value))}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy || undefined}
          data-testid={testId}
        />
        <button
          type="button"
          aria-label={increaseLabel}
          disabled={!!current && !!high && current.gte(high)}
          onClick={() => onChange(stepInteger(value, 1, min, max))}
        >
          +
        </button>
      </div>
      {message && (
        <p id={`${id}-error`} className={fieldStyles.error} role="alert">
          {message}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
