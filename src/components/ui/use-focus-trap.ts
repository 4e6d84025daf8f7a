import { useEffect, useRef, type RefObject } from 'react';
import { afterNextPaint } from './after-next-paint.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The app's root: the page behind a dialog (dialogs render in a portal beside it). */
const PAGE_ROOT_ID = 'root';
/** Open traps: the page stays inert until the last one closes. */
let openTraps = 0;

/** Makes the page inert exactly while a trap is open; idempotent, so the order of deferred calls does not matter. */
function syncPageInert(doc: Document): void {
  doc.getElementById(PAGE_ROOT_ID)?.toggleAttribute('inert', openTraps > 0);
}

/**
 * While `active`, keeps Tab and Shift+Tab inside `ref`, closes on Escape, moves focus in on open
 * and gives it back to whatever had it on close (docs/product-rules.md#look-and-feel: dialogs trap focus). The page behind
 * is `inert` meanwhile, so neither a screen reader's cursor nor a tap reaches it. Inert
 * and focus follow one frame after the dialog shows or hides (afterNextPaint): both restyle the whole
 * page, tens of ms on a slow phone. The dialog's backdrop covers the page meanwhile, so no tap
 * reaches it.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void): void {
  // The latest handler, without re-running the effect (which would steal focus) on every render.
  const escapeRef = useRef(onEscape);
  useEffect(() => {
    escapeRef.current = onEscape;
  });
  useEffect(() => {
    if (!active) return;
    const container = ref.current;
    if (!container) return;
    // The dialog's own document, not the global: the deferred work below may run after it is gone.
    const doc = container.ownerDocument;
    const previous = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    openTraps += 1;
    const focusables = () =>
      [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('inert'));
    const cancelEntry = afterNextPaint(() => {
      // The dialog is a fixed layer already in view: scrolling to the element would only add layout work.
      // Focus before `inert`: after it, focus() forces the page's restyle that inert starts inside this
      // task (3-13 ms at 1x on a cold home load); this way the restyle falls into the next frame.
      if (!container.contains(doc.activeElement)) (focusables()[0] ?? container).focus({ preventScroll: true });
      syncPageInert(doc);
    });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        escapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && (doc.activeElement === first || !container.contains(doc.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && doc.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    doc.addEventListener('keydown', onKeyDown, true);
    return () => {
      doc.removeEventListener('keydown', onKeyDown, true);
      cancelEntry();
      openTraps -= 1;
      afterNextPaint(() => {
        syncPageInert(doc);
        // Focus goes back to the opener unless the user has put it somewhere else meanwhile.
        const now = doc.activeElement;
        const adrift = !now || now === doc.body || container.contains(now);
        if (adrift && previous && doc.contains(previous)) previous.focus({ preventScroll: true });
      });
    };
  }, [ref, active]);
}
