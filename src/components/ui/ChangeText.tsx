import { useFormats } from '../../lib/format.ts';
import { direction } from '../../lib/money.ts';
import styles from './change-text.module.css';
import tone from './tone.module.css';

/**
 * A signed percentage change in the up or down colour, with an arrow so colour is never the only cue,
 * written "+0.77%" in every language (docs/numbers-and-dates.md). Isolated left to
 * right inside right-to-left text, so the sign stays before the number, never "0.77%+".
 */
export function ChangeText({
  change,
  dp = 2,
  className = '',
}: {
  change: string | null;
  dp?: number;
  className?: string;
}) {
  const formats = useFormats();
  const dir = direction(change);
  const arrow = dir === 'up' ? '▲' : dir === 'down' ? '▼' : '';
  return (
    <span className={`${styles.change} ${tone[dir]} ${className}`} data-direction={dir} data-testid="change">
      <bdi dir="ltr">
        {arrow && <span aria-hidden="true">{arrow} </span>}
        {formats.percent(change, dp)}
      </bdi>
    </span>
  );
}
