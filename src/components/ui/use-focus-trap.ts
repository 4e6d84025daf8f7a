import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The app's root: the page behind a dialog (dialogs render in a portal beside it). */
const PAGE_ROOT_ID = 'root';
/** Open traps: the page stays inert until the last one closes. */
let openTraps = 0;

/**
 * While `active`, keeps Tab and Shift+Tab inside `ref`, closes on Escape, moves focus in on open
 * and gives it back to whatever had it on close (DESIGN.md §9: dialogs trap focus). The page behind
 * is `inert` meanwhile, so neither a screen reader's cursor nor a tap reaches it (issue 14).
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
    // The opener is remembered before the page turns inert (which takes focus from it).
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const page = document.getElementById(PAGE_ROOT_ID);
    openTraps += 1;
    page?.setAttribute('inert', '');
    const focusables = () => [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('inert'));
    // The dialog is a fixed layer already in view: scrolling to the element would only add layout work to the tap that opened it.
    (focusables()[0] ?? container).focus({ preventScroll: true });

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
      if (event.shiftKey && (document.activeElement === first || !container.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      openTraps -= 1;
      if (openTraps === 0) page?.removeAttribute('inert');
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [ref, active]);
}
