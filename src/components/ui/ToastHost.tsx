import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { toasts } from '../../lib/toast.ts';
import { overlayLayer } from './overlay-layer.ts';
import styles from './toast.module.css';

/**
 * Renders the toast queue at the top centre; errors are announced assertively. In a portal beside
 * the page, so toasts still show and are announced while a dialog makes the page inert.
 */
export function ToastHost() {
  const { items } = useSnapshot(toasts);
  return createPortal(
    <div className={styles.host}>
      <div role="status" aria-live="polite" className={styles.stack}>
        {items
          .filter((t) => t.kind !== 'error')
          .map((t) => (
            <div key={t.id} className={[styles.toast, styles[t.kind]].join(' ')} data-testid="toast">
              {t.message}
            </div>
          ))}
      </div>
      <div role="alert" aria-live="assertive" className={styles.stack}>
        {items
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <div key={t.id} className={[styles.toast, styles.error].join(' ')} data-testid="toast">
              {t.message}
            </div>
          ))}
      </div>
    </div>,
    overlayLayer(),
  );
}
