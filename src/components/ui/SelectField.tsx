import { useId, useState, type ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';
import { IconChevronRight } from './icons.tsx';
import styles from './select-field.module.css';

export interface SelectOption<K extends string | number> {
  key: K;
  label: string;
  /** A second line or a value at the end of the row (a balance, a masked card number). */
  detail?: ReactNode;
}

export interface SelectFieldProps<K extends string | number> {
  label: string;
  options: readonly SelectOption<K>[];
  value: K | null;
  onChange(key: K): void;
  /** Shown while nothing is chosen. */
  placeholder: string;
  closeLabel: string;
  /** Already-translated error text. */
  error?: string | null;
  disabled?: boolean;
  /**
   * The chosen value is shown whole, left to right and wrapping, never cut (a withdrawal address:
   * the user checks all of it, and a right-to-left page would cut its beginning).
   */
  wholeValue?: boolean;
  testId?: string;
}

/**
 * A field whose value is chosen from a bottom sheet (coin, account, network, bound address or
 * card): the shape phones use for pickers, with 44 px rows, the chosen one marked, focus trapped and
 * Escape or back to close (Dialog).
 */
export function SelectField<K extends string | number>({
  label,
  options,
  value,
  onChange,
  placeholder,
  closeLabel,
  error,
  disabled,
  wholeValue = false,
  testId,
}: SelectFieldProps<K>) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const chosen = options.find((option) => option.key === value);
  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <button
        type="button"
        className={[styles.button, error ? styles.invalid : ''].join(' ')}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-haspopup="dialog"
        aria-invalid={error ? true : undefined}
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {!chosen ? (
          <span id={valueId} className={styles.placeholder}>
            {placeholder}
          </span>
        ) : wholeValue ? (
          <span id={valueId} className={styles.wholeValue}>
            <bdi dir="ltr">{chosen.label}</bdi>
          </span>
        ) : (
          <span id={valueId} className={styles.value}>
            {chosen.label}
          </span>
        )}
        <IconChevronRight size={18} className={styles.chevron} />
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title={label} variant="sheet" closeLabel={closeLabel}>
        <ul className={styles.options} role="listbox" aria-label={label}>
          {options.map((option) => (
            <li key={option.key} role="option" aria-selected={option.key === value}>
              <button
                type="button"
                className={[styles.option, option.key === value ? styles.selected : ''].join(' ')}
                onClick={() => {
                  onChange(option.key);
                  setOpen(false);
                }}
              >
                <span>{option.label}</span>
                {option.detail !== undefined && <span className={styles.detail}>{option.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
