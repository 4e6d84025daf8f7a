import type { ReactNode } from 'react';
import styles from './detail-list.module.css';

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** An address or card number: shown whole on a line of its own, left to right, breaking anywhere. */
  long?: boolean;
  /** The figure the user most needs (what arrives, what is paid). */
  strong?: boolean;
  /** The value's own look, e.g. a win or loss tone. */
  valueClassName?: string;
  testId?: string;
}

/** The one label-and-value list of the app (confirm sheets, order details, options results, record cards). */
export function DetailList({
  rows,
  className,
  testId,
}: {
  rows: readonly DetailRow[];
  className?: string;
  testId?: string;
}) {
  return (
    <dl className={[styles.list, className ?? ''].join(' ')} data-testid={testId}>
      {rows.map((row) => (
        <div key={row.label} style={{ display: 'contents' }}>
          <dt className={row.long ? styles.longLabel : undefined}>{row.label}</dt>
          <dd
            className={
              [row.long ? styles.longValue : '', row.strong ? styles.strong : '', row.valueClassName ?? '']
                .filter(Boolean)
                .join(' ') || undefined
            }
            data-testid={row.testId}
          >
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
