/**
 * The spot screen's book: 150 levels a side on step 0 (the depth chart wants the whole
 * visible book; the order book shows its first rows), and the price groupings depth.step1-5 serve.
 */
export const SPOT_BOOK_LEVELS = 150;

/** The grouping steps offered: 0 (the pair's own tick) to 5 (10^5 ticks). */
export const BOOK_STEPS = [0, 1, 2, 3, 4, 5] as const;
