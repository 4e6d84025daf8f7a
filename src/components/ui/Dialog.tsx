import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { IconClose } from './icons.tsx';
import { overlayLayer } from './overlay-layer.ts';
import { useBackCloses } from './use-back-closes.ts';
import { useFocusTrap } from './use-focus-trap.ts';
import styles from './dialog.module.css';
import visuallyHidden from './visually-hidden.module.css';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  /** Visible heading and accessible name. */
  title: string;
  /** center: popup; sheet: bottom sheet; panel: side drawer from the start edge. */
  variant?: 'center' | 'sheet' | 'panel';
  /** Accessible name of the close button. */
  closeLabel: string;
  children: ReactNode;
  hideTitle?: boolean;
  testId?: string;
  /**
   * Rendered and laid out ahead, invisible and inert while closed, so opening it only shows it: no
   * mount, no layout, no text to shape on the tap. For a dialog opened often on a busy screen, where
   * a tap must answer fast (docs/performance.md#tap-latency tap budget); its content stays mounted and keeps its state.
   */
  prerender?: boolean;
}

/**
 * Modal dialog: focus is trapped inside; Escape, the backdrop and the back button close it (while
 * open it owns one history entry, see use-back-closes.ts).
 */
export function Dialog({
  open,
  onClose,
  title,
  variant = 'center',
  closeLabel,
  children,
  hideTitle = false,
  testId,
  prerender = false,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, open, onClose);
  useBackCloses(open, onClose);
  if (!open && !prerender) return null;
  const parked = !open;
  return createPortal(
    <div className={[styles.layer, styles[`layer-${variant}`], parked ? styles.parked : ''].join(' ')} inert={parked}>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={[styles.dialog, styles[variant]].join(' ')}
        data-testid={testId}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={hideTitle ? visuallyHidden.hidden : styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
            <IconClose size={20} />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    overlayLayer(),
  );
}
