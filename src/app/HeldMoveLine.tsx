import sweep from '../components/ui/sweep.module.css';
import styles from './held-move-line.module.css';
import { useMoveHeld } from './shown-location.ts';

/**
 * A thin line along the top while a move waits for its screen's code
 * (docs/architecture.md#moving-between-screens), so a tap that is answered late is still seen to
 * have been heard. Its own component, so the shell does not render again when a move is held.
 */
export function HeldMoveLine() {
  return useMoveHeld() ? (
    <div className={styles.line} data-testid="held-move-line" aria-hidden="true">
      <span className={`${sweep.sweep} ${styles.segment}`} />
    </div>
  ) : null;
}
