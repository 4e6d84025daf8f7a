import { direction, formatSigned } from '../../lib/money.ts';
import styles from './change-text.module.css';
import tone from './tone.module.css';

/** A signed change in the up or down colour, with an arrow so colour is never the only cue (DESIGN.md §6). */
export function ChangeText({ change, suffix = '%', dp = 2, className = '' }: { change: string | null; suffix?: string; dp?: number; className?: string }) {
  const dir = direction(change);
  const arrow = dir === 'up' ? '▲' : dir === 'down' ? '▼' : '';
  return (
    <span className={`${styles.change} ${tone[dir]} ${className}`} data-direction={dir}>
      {arrow && <span aria-hidden="true">{arrow} </span>}
      {formatSigned(change, dp)}
      {suffix}
    </span>
  );
}
