import type { CandlePeriod } from '../../../../common/protocol.ts';
import { LazyMarketChart } from '../../../components/ui/LazyMarketChart.ts';
import { useMarketChart } from '../../../lib/use-market-chart.ts';

/** The spot screen's candlestick chart on the engine's series of the pair (render it in a LazyBoundary). */
export function SpotCandleChart({ symbol, period }: { symbol: string; period: CandlePeriod }) {
  const wiring = useMarketChart(symbol, period);
  return <LazyMarketChart symbol={symbol} period={period} {...wiring} testId="spot-candle-chart" />;
}
