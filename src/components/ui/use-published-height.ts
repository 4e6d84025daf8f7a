import { useLayoutEffect, type RefObject } from 'react';

/** Custom properties on <html> through which fixed layers tell the page how much room they cover. */
export type CoveredRoom = '--screen-bar-h' | '--qa-bar-h';

/**
 * Publishes an element's height (plus `gapPx`) as a custom property on <html> while it is mounted, and
 * follows its resizes. A screen's fixed action bar publishes `--screen-bar-h` so the page can scroll
 * its last rows out from under it; the shell's top strip (offline notice, QA bar) publishes
 * `--qa-bar-h` so sticky headers sit below it.
 */
export function usePublishedHeight(ref: RefObject<HTMLElement | null>, property: CoveredRoom, gapPx = 0): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(property, `${element.offsetHeight + gapPx}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property, gapPx]);
}
