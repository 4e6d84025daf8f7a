import type { ReactNode } from 'react';
import { IconBack } from './icons.tsx';
import styles from './page.module.css';

export interface PageHeaderProps {
  title: string;
  /** Accessible name of the back button; the button is left out when `onBack` is absent. */
  backLabel?: string;
  onBack?: () => void;
  end?: ReactNode;
}

/** A screen's sticky title bar with an optional back button. */
export function PageHeader({ title, backLabel, onBack, end }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      {onBack ? (
        <button type="button" className={styles.iconButton} onClick={onBack} aria-label={backLabel}>
          <IconBack className={styles.flip} />
        </button>
      ) : (
        <span className={styles.spacer} />
      )}
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.end}>{end}</div>
    </header>
  );
}
