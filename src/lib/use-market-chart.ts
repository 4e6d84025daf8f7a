import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { CandlePeriod } from '../../common/protocol.ts';
import type { MarketChartProps } from '../components/ui/MarketChart.tsx';
import { chartStudies, STUDY_NAMES, toggleStudy, type StudyName } from './chart-studies.ts';
import { engineStream } from './engine-client.ts';
import { session } from './session.ts';
import { upColour } from './up-colour.ts';

/** The props of the candlestick chart that come from the market engine and the stores. */
export type MarketChartWiring = Pick<
  MarketChartProps,
  'feed' | 'studies' | 'onToggleStudy' | 'lang' | 'theme' | 'redUp'
>;

/**
 * Wires the candlestick chart (components/ui/MarketChart.tsx) to the engine's candles and
 * indicators of `symbol` at `period`, and to the studies, theme, up colour and language the user
 * chose. The spot and options screens spread it into their LazyMarketChart. The streams are the
 * engine's for equal keys, so a render with the same pair and period keeps the chart's subscriptions.
 */
export function useMarketChart(symbol: string, period: CandlePeriod): MarketChartWiring {
  const chosen = useSnapshot(chartStudies);
  const { redUp } = useSnapshot(upColour);
  const { theme, lang } = useSnapshot(session);
  // Every study read here, in this render: the chart reads them in a lazy part of its own, which
  // useSnapshot would not see, so a toggle would not render again.
  const studyKey = STUDY_NAMES.map((name) => (chosen[name] ? '1' : '0')).join('');
  const studies = useMemo(
    () => Object.fromEntries(STUDY_NAMES.map((name, k) => [name, studyKey[k] === '1'])) as Record<StudyName, boolean>,
    [studyKey],
  );
  const feed = useMemo(
    () => ({
      candles: engineStream({ kind: 'candles', symbol, period }),
      studies: engineStream({ kind: 'studies', symbol, period }),
    }),
    [symbol, period],
  );
  return { feed, studies, onToggleStudy: toggleStudy, lang, theme, redUp };
}
