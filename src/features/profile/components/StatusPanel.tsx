import type { ReactNode } from 'react';
import styles from './profile.module.css';

export interface StatusPanelProps {
  icon: ReactNode;
  title: string;
  text?: string;
  /** good: done; wait: in progress; bad: refused; plain: closed or neutral. */
  tone?: 'good' | 'wait' | 'bad' | 'plain';
  /** A button under the text (refresh, retry). */
  action?: ReactNode;
  testId?: string;
}

const TONE = { good: styles.toneGood, wait: styles.toneWait, bad: styles.toneBad, plain: '' } as const;

/** A state a profile screen is in (identity status, a feature switched off), announced politely. */
export function StatusPanel({ icon, title, text, tone = 'plain', action, testId }: StatusPanelProps) {
  return (
    <section className={[styles.status, TONE[tone]].join(' ')} role="status" data-testid={testId}>
      <span className={styles.statusIcon}>{icon}</span>
      <div className={styles.statusBody}>
        <h2 className={styles.statusTitle}>{title}</h2>
        {text && <p className={styles.statusText}>{text}</p>}
        {action}
      </div>
    </section>
  );
}
