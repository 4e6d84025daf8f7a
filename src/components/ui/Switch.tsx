import styles from './switch.module.css';

export interface SwitchProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** Accessible name when no visible label is associated. */
  label: string;
  id?: string;
}

/** An on/off toggle announced as a switch. */
export function Switch({ checked, onChange, label, id }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={styles.switch}
      onClick={() => onChange(!checked)}
    >
      <span className={styles.thumb} aria-hidden="true" />
    </button>
  );
}
