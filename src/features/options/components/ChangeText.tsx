import { direction, formatSigned } from '../../../lib/money.ts';
import styles from './options.module.css';

/** A signed change in the up or down colour, with an arrow so colour is never the only cue. */
export function ChangeText({ change, suffix = '', dp = 2 }: { change: string | null; suffix?: string; dp?: number }) {
  const dir = direction(change);
  const arrow = dir === 'up' ? '▲' : dir === 'down' ? '▼' : '';
  return (
    <span className={`${styles.num} ${styles[dir]}`} data-direction={dir}>
      {arrow && <span aria-hidden="true">{arrow} </span>}
      {formatSigned(change, dp)}
      {suffix}
    </span>
  );
}
