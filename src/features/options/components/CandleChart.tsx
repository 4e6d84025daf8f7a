import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import {
  CandlestickSeries,
  createChart,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type LineData,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, CandlePeriod } from '../../../../workers/shared/protocol.ts';
import { useCandles } from '../../../lib/market-hooks.ts';
import { upColour } from '../../../lib/up-colour.ts';
import { MA_WINDOWS, movingAverage } from '../api/chart-intervals.ts';
import styles from './options.module.css';

const MA_COLOURS = ['#f5a623', '#2f6bff', '#a855f7', '#14b8a6'] as const;

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

function toBar(c: Candle) {
  return { time: c.time as UTCTimestamp, open: Number(c.open), high: Number(c.high), low: Number(c.low), close: Number(c.close) };
}

function maLine(bars: readonly Candle[], window: number): LineData[] {
  const values = movingAverage(bars.map((b) => Number(b.close)), window);
  const line: LineData[] = [];
  values.forEach((value, i) => {
    if (value !== null) line.push({ time: (bars[i] as Candle).time as UTCTimestamp, value });
  });
  return line;
}

interface Drawn {
  key: string;
  resetId: number;
  lastTime: number;
}

/**
 * The options candlestick chart with moving averages (DESIGN.md §4.6): created once, `setData` when
 * the series is (re)loaded, `update` per live bar, `remove` on unmount; vertical touch drags scroll
 * the page. While history has not arrived the box keeps its size and shows a spinner (spec §8).
 */
export function CandleChart({ symbol, period, loadingLabel }: { symbol: string; period: CandlePeriod; loadingLabel: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candleRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const maRefs = useRef<ISeriesApi<'Line'>[]>([]);
  const drawnRef = useRef<Drawn | null>(null);
  const series = useCandles(symbol, period);
  const { redUp } = useSnapshot(upColour);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const chart = createChart(box, {
      autoSize: true,
      layout: { background: { color: 'transparent' }, textColor: cssVar('--muted', '#6b7280') },
      grid: { vertLines: { color: cssVar('--line', '#e5e8ef') }, horzLines: { color: cssVar('--line', '#e5e8ef') } },
      handleScroll: { vertTouchDrag: false },
      timeScale: { timeVisible: true, secondsVisible: false },
    });
    candleRef.current = chart.addSeries(CandlestickSeries, { priceFormat: { type: 'price', precision: 2, minMove: 0.01 } });
    maRefs.current = MA_WINDOWS.map((_, i) =>
      chart.addSeries(LineSeries, { color: MA_COLOURS[i], lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false }),
    );
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
      candleRef.current = null;
      maRefs.current = [];
      drawnRef.current = null;
    };
  }, []);

  useEffect(() => {
    const up = cssVar('--up', '#48b451');
    const down = cssVar('--down', '#db000c');
    candleRef.current?.applyOptions({ upColor: up, downColor: down, wickUpColor: up, wickDownColor: down, borderVisible: false });
  }, [redUp]);

  useEffect(() => {
    const candles = candleRef.current;
    if (!candles || !series || series.bars.length === 0) return;
    const drawn = drawnRef.current;
    const last = series.bars[series.bars.length - 1] as Candle;
    const key = `${series.symbol}:${series.period}`;
    if (!drawn || drawn.key !== key || drawn.resetId !== series.resetId) {
      candles.setData(series.bars.map(toBar));
      MA_WINDOWS.forEach((window, i) => maRefs.current[i]?.setData(maLine(series.bars, window)));
    } else {
      for (const bar of series.bars) if (bar.time >= drawn.lastTime) candles.update(toBar(bar));
      // Only the last point of each average can change with a live bar.
      MA_WINDOWS.forEach((window, i) => {
        const tail = maLine(series.bars.slice(-window), window).at(-1);
        if (tail) maRefs.current[i]?.update(tail);
      });
    }
    drawnRef.current = { key, resetId: series.resetId, lastTime: last.time };
  }, [series]);

  const loading = !series || series.bars.length === 0;
  return (
    <div className={styles.chartBox} data-testid="candle-chart">
      <div ref={boxRef} className={styles.chartCanvas} />
      {loading && (
        <div className={styles.chartLoading} role="status" aria-label={loadingLabel}>
          <span className={styles.spinner} aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
