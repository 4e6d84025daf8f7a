import { LazyMarketChart } from '../../../components/ui/LazyMarketChart.ts';
import type { MarketChartProps } from '../../../components/ui/MarketChart.tsx';
import { useMarketChart, type MarketChartWiring } from '../../../lib/use-market-chart.ts';

/**
 * The options screen's candlestick chart on the engine's series of the pair, with the screen's
 * decimals, fit, entry line and drawn-close callback (render it in a LazyBoundary).
 */
export function OptionsCandleChart(props: Omit<MarketChartProps, keyof MarketChartWiring>) {
  const wiring = useMarketChart(props.symbol, props.period);
  return <LazyMarketChart {...props} {...wiring} />;
}
