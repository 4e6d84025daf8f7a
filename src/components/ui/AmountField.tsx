import { TextField, type TextFieldProps } from './TextField.tsx';
import styles from './amount-field.module.css';

export interface AmountFieldProps extends Omit<TextFieldProps, 'type' | 'inputMode' | 'trailing' | 'onChange' | 'value'> {
  value: string;
  /** The text as typed, with a decimal comma read as a point (some keyboards offer only the comma). */
  onChange(text: string): void;
  /** The coin or unit shown after the number. */
  unit?: string;
  /** Fills the largest amount allowed; the button is shown only with a label. */
  onAll?(): void;
  allLabel?: string;
  /** Whole numbers only (steppers, staking). */
  integer?: boolean;
}

/**
 * An amount input (DESIGN.md §9): the decimal keypad, tabular digits, the unit, and All. Keeps the
 * text as typed (money stays a string until big.js reads it); a comma becomes a point.
 */
export function AmountField({ value, onChange, unit, onAll, allLabel, integer = false, ...field }: AmountFieldProps) {
  return (
    <TextField
      {...field}
      value={value}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      className={[styles.amount, field.className ?? ''].join(' ')}
      onChange={(event) => onChange(event.target.value.replace(',', '.'))}
      trailing={
        <>
          {unit && <span className={styles.unit}>{unit}</span>}
          {onAll && allLabel && (
            <button type="button" className={styles.all} onClick={onAll}>
              {allLabel}
            </button>
          )}
        </>
      }
    />
  );
}
