import { useLayoutEffect, type RefObject } from 'react';

/**
 * Publishes the height of a screen's fixed bottom bar (above the tab bar) as `--screen-bar-h` on
 * <html>, so other fixed layers — the shell's notice banner — stack above it instead of covering it.
 */
export function useBottomBar(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--screen-bar-h', `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--screen-bar-h');
    };
  }, [ref]);
}
