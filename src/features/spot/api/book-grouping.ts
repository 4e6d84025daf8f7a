/**
 * The rows the spot screen's book asks the worker for: the most it shows (one side of nine). The
 * depth chart reads every level through its own curve stream (DepthChart), so the page is never
 * handed 150 levels a side to walk.
 */
export const SPOT_BOOK_LEVELS = 9;

/** The grouping steps offered: 0 (the pair's own tick) to 5 (10^5 ticks). */
export const BOOK_STEPS = [0, 1, 2, 3, 4, 5] as const;
