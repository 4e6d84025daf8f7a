import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/**
 * Text for screen readers only. A control whose visible word is short ("Copy", "Edit") says what it
 * acts on this way, so its accessible name starts with what the user sees: a separate aria-label
 * sentence drifts from the visible word in translation, and voice control then cannot find it.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.hidden}>{children}</span>;
}
