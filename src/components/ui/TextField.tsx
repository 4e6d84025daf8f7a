import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** Already-translated error text; marks the input invalid and is announced with it. */
  error?: string | null;
  /** Content at the start of the input row, e.g. a stepper's minus button. */
  leading?: ReactNode;
  /** Content at the end of the input row, e.g. a send-code button. */
  trailing?: ReactNode;
}

export function TextField({ label, error, leading, trailing, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={[styles.field, className ?? ''].join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={[styles.row, error ? styles.invalid : ''].join(' ')}>
        {leading}
        <input
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
