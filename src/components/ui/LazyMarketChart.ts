import { retryableLazy } from '../../lib/retryable-lazy.ts';

/** The candlestick chart, fetched when a screen first shows it: the first screen never carries lightweight-charts. Render it in a LazyBoundary. */
export const LazyMarketChart = retryableLazy(() =>
  import('./MarketChart.tsx').then((m) => ({ default: m.MarketChart })),
);
