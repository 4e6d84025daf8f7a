import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandlePeriod } from '../../../../common/protocol.ts';
import { LazyBoundary } from '../../../components/ui/LazyBoundary.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { retryableLazy } from '../../../lib/retryable-lazy.ts';
import { SpotCandleChart } from './SpotCandleChart.tsx';
import styles from './spot-charts.module.css';

// Loaded only when the user opens the charts: the first screen never carries the chart code.
const DepthChart = retryableLazy(() => import('./DepthChart.tsx').then((m) => ({ default: m.DepthChart })));

const PERIODS: readonly { label: string; period: CandlePeriod }[] = [
  { label: '1m', period: '1min' },
  { label: '15m', period: '15min' },
  { label: '1H', period: '60min' },
  { label: '4H', period: '4hour' },
  { label: 'D', period: '1day' },
];

/**
 * The spot screen's charts, closed until asked for: the depth chart of the book (on the
 * book's own subscription and grouping) and the candlestick chart with its indicators.
 */
export function SpotCharts({ symbol, step, decimals }: { symbol: string; step: number; decimals: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'depth' | 'candles'>('depth');
  const [period, setPeriod] = useState<CandlePeriod>('15min');
  const chartHeight = tab === 'depth' ? 220 : 340;
  return (
    <section className={styles.section} aria-label={t('depth.charts')}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="spot-charts-toggle"
      >
        <span>{t('depth.charts')}</span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <div className={styles.body}>
          <Tabs
            label={t('depth.charts')}
            value={tab}
            onChange={(key) => setTab(key === 'candles' ? 'candles' : 'depth')}
            items={[
              { key: 'depth', label: t('depth.tab') },
              { key: 'candles', label: t('depth.candles') },
            ]}
          />
          <LazyBoundary
            fallback={<Skeleton height={chartHeight} />}
            failed={(retry) => <LoadFailed height={chartHeight} onRetry={retry} />}
          >
            {tab === 'depth' ? (
              <DepthChart symbol={symbol} step={step} decimals={decimals} />
            ) : (
              <>
                <div className={styles.periods} role="group" aria-label={t('options.chart.intervals')}>
                  {PERIODS.map((each) => (
                    <button
                      key={each.period}
                      type="button"
                      aria-pressed={each.period === period}
                      onClick={() => setPeriod(each.period)}
                    >
                      {each.label}
                    </button>
                  ))}
                </div>
                <SpotCandleChart symbol={symbol} period={period} />
              </>
            )}
          </LazyBoundary>
        </div>
      )}
    </section>
  );
}
