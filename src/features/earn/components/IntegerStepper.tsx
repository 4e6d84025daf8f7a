import { useId } from 'react';
import { toBig } from '../../../lib/money.ts';
import { digitsOnly, stepInteger } from '../api/earn-rules.ts';
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
  testId?: string;
}

/**
 * The amount stepper of loans and lock mining (spec §5): whole numbers only, − and + move by a step
 * that suits the range and stay within min..max; the number can also be typed.
 */
export function IntegerStepper({ label, value, onChange, min, max, decreaseLabel, increaseLabel, hint, testId }: IntegerStepperProps) {
  const id = useId();
  const current = toBig(value);
  const low = toBig(min);
  const high = toBig(max);
  return (
    <div className={styles.section}>
      <label className={styles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <div className={styles.stepper}>
        <button type="button" aria-label={decreaseLabel} disabled={!!current && !!low && current.lte(low)} onClick={() => onChange(stepInteger(value, -1, min, max))}>
          −
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          value={value}
          onChange={(event) => onChange(digitsOnly(event.target.value))}
          aria-describedby={hint ? `${id}-hint` : undefined}
          data-testid={testId}
        />
        <button type="button" aria-label={increaseLabel} disabled={!!current && !!high && current.gte(high)} onClick={() => onChange(stepInteger(value, 1, min, max))}>
          +
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
