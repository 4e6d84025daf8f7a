import { useState, type CSSProperties } from 'react';
import { countdownElapsedMs } from '../api/option-rules.ts';
import styles from './countdown-ring.module.css';

export interface CountdownRingProps {
  /** The contract's duration in seconds: the full ring. */
  total: number;
  /** When it ends (ms since the epoch). */
  endsAt: number;
  /** Whole seconds left, shown in the middle. */
  remaining: number;
  label: string;
}

/**
 * The countdown circle: an arc clockwise from twelve o'clock, remaining over total of the circle,
 * whose end runs back to twelve as time passes. Two half rings turn by CSS animations that start
 * as far along as the contract already is, so the compositor animates them by itself; a transition
 * of an SVG stroke, set again every second, repainted the dialog on the main thread every frame of
 * the contract (docs/performance.md#budgets).
 */
export function CountdownRing({ total, endsAt, remaining, label }: CountdownRingProps) {
  // How far along the contract was when the ring appeared; the animation runs from there on its own.
  const [elapsedMs] = useState(() => countdownElapsedMs(total, endsAt, Date.now()));
  const timing = {
    '--ring-total': `${total}s`,
    '--ring-delay': `${-elapsedMs}ms`,
    '--ring-half-steps': Math.max(1, Math.ceil(total / 2)),
  } as CSSProperties;
  return (
    <div
      className={styles.ring}
      style={timing}
      role="img"
      aria-label={label}
      data-ended={remaining === 0 || undefined}
      data-testid="countdown-ring"
    >
      <span className={styles.track} />
      <span className={`${styles.half} ${styles.right}`}>
        <span className={styles.arc} data-testid="countdown-arc-right" />
      </span>
      <span className={`${styles.half} ${styles.left}`}>
        <span className={styles.arc} data-testid="countdown-arc-left" />
      </span>
      <span className={styles.seconds} data-testid="countdown-seconds">
        {remaining}
      </span>
    </div>
  );
}
