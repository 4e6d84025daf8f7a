import styles from './earn.module.css';

export interface StatusFilterProps<K extends string | number> {
  label: string;
  options: readonly { key: K; label: string }[];
  value: K;
  onChange(key: K): void;
}

/** A record list's status filter (docs/product-rules.md#earn): a row of chips, one pressed, that scrolls sideways on narrow screens. */
export function StatusFilter<K extends string | number>({ label, options, value, onChange }: StatusFilterProps<K>) {
  return (
    <div className={styles.chips} role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.key} type="button" aria-pressed={option.key === value} onClick={() => onChange(option.key)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
