import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** The heights a box fitted above a bar may take; between them it fills the room. */
export interface FitRange {
  min: number;
  max: number;
}

/** What a box is fitted between: the top of its screen's page and a bar fixed at the screen's bottom. */
export interface FitTarget {
  page: RefObject<HTMLElement | null>;
  bar: RefObject<HTMLElement | null>;
}

/** Space left between the fitted box and the bar. */
export const FIT_GAP_PX = 8;

/**
 * The height that makes a box `offsetInPage` below its page's top end FIT_GAP_PX above `barTop`
 * (the bar's top in the viewport), the page starting at the top of the screen, within `range`.
 */
export function fittedHeight(offsetInPage: number, barTop: number, range: FitRange): number {
  return Math.round(Math.min(range.max, Math.max(range.min, barTop - offsetInPage - FIT_GAP_PX)));
}

/**
 * Sizes `box` so that, with its page at the top of the screen, it ends just above `bar`, a bar fixed
 * at the bottom (the options screen's order bar over its chart): on a short phone the bar covered the
 * chart's lower part, its volume and its time axis, until the page was scrolled (nothing
 * the user needs is covered). Never below `range.min`, where the page scrolls for the rest, nor
 * above `range.max`.
 *
 * Measured from the page's own top, not the document's: the shell's notice banner above the page
 * comes and goes, and a chart resized when it closes redraws in full, on a phone's cold code the
 * length of a long task (the bench closes it as its screen opens). While the banner shows, the page
 * scrolls to the chart's lower part as before.
 *
 * Measured in ResizeObserver callbacks, after the browser's layout, and written in the next frame:
 * reading the layout while React commits would force one, and a size written inside the callback
 * changes the observed page again within the same frame, which the browser reports as an error (the
 * observer's loop limit). It follows the page's resizes (a row wrapping, the screen turning) and the
 * bar's, not the window's: a phone resizes the window as its address bar slides away on scroll, and
 * the chart would redraw all the way.
 */
export function useFitAbove(box: RefObject<HTMLElement | null>, target: FitTarget | undefined, range: FitRange): void {
  const { min, max } = range;
  const page = target?.page;
  const bar = target?.bar;
  const rangeNow = useRef<FitRange>({ min, max });
  const measured = useRef<Measure | null>(null);
  // A new range (an indicator pane on or off) refits from the last measure, before the paint: no layout
  // is read, and the box never shows its unfitted height in between (the observer's restart did).
  useLayoutEffect(() => {
    rangeNow.current = { min, max };
    const element = box.current;
    if (element && measured.current) element.style.height = heightFor(measured.current, rangeNow.current);
  }, [box, min, max]);
  // A passive effect: it runs once the whole commit is attached, the page's and bar's refs too.
  useEffect(() => {
    const element = box.current;
    const pageElement = page?.current;
    const barElement = bar?.current;
    if (!element || !pageElement || !barElement || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      const measure = {
        offset: element.getBoundingClientRect().top - pageElement.getBoundingClientRect().top,
        barTop: barElement.getBoundingClientRect().top,
      };
      measured.current = measure;
      if (heightFor(measure, rangeNow.current) === element.style.height) return;
      cancelAnimationFrame(frame);
      // The latest measure and range are read when the frame comes: either may have changed since.
      frame = requestAnimationFrame(() => {
        if (measured.current) element.style.height = heightFor(measured.current, rangeNow.current);
      });
    });
    observer.observe(pageElement);
    observer.observe(barElement);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      measured.current = null;
      element.style.removeProperty('height');
    };
  }, [box, page, bar]);
}

/** Where the box starts in its page and where the bar starts in the viewport, as last laid out. */
interface Measure {
  offset: number;
  barTop: number;
}

const heightFor = (measure: Measure, range: FitRange) => `${fittedHeight(measure.offset, measure.barTop, range)}px`;
