import { useLayoutEffect, type RefObject } from 'react';

/** Custom properties on <html> through which fixed layers tell the page how much room they cover. */
export type CoveredRoom = '--screen-bar-h' | '--qa-bar-h';

/** The border box's height (what offsetHeight measures), read in the observer's callback. */
function borderBoxHeight(entry: ResizeObserverEntry): number {
  return entry.borderBoxSize?.[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight;
}

/**
 * Publishes an element's height (plus `gapPx`) as a custom property on <html> while it is mounted, and
 * follows its resizes. A screen's fixed action bar publishes `--screen-bar-h` so the page can scroll
 * its last rows out from under it; the shell's top strip (offline notice, QA bar) publishes
 * `--qa-bar-h` so sticky headers sit below it.
 *
 * The height comes from a ResizeObserver, which the browser calls after its own layout and before
 * the paint: reading `offsetHeight` while React commits forced a layout of the whole page, 40 ms on
 * the bench host in the first screen's commit (Lighthouse LCP and TBT). A property set to
 * the value it has is left alone: writing it restyles the whole document.
 */
export function usePublishedHeight(ref: RefObject<HTMLElement | null>, property: CoveredRoom, gapPx = 0): void {
  // A layout effect: observed before the first paint, the height is published in that same frame.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    // Until a height is published, the pages' CSS reads its `0px` fallback.
    let published = '0px';
    const publish = (height: number) => {
      const value = `${height + gapPx}px`;
      if (value === published) return;
      published = value;
      root.style.setProperty(property, value);
    };
    if (typeof ResizeObserver === 'undefined') {
      publish(element.offsetHeight);
      return () => root.style.removeProperty(property);
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) publish(borderBoxHeight(entry));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property, gapPx]);
}
