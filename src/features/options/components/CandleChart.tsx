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
import type { Candle, CandlePeriod, CandleSeries } from '../../../../workers/shared/protocol.ts';
import { useCandles } from '../../../lib/market-hooks.ts';
import { upColour } from '../../../lib/up-colour.ts';
import { planCandleDraw, type DrawnCandles } from '../api/candle-draw.ts';
import { MA_WINDOWS, movingAverage } from '../api/chart-intervals.ts';
import { ChartAttribution } from './ChartAttribution.tsx';
import styles from './options.module.css';

const MA_COLOURS = ['#f5a623', '#2f6bff', '#a855f7', '#14b8a6'] as const;
/**
 * Live bars reach the canvas at most this often. Every update repaints the whole chart, and on a busy
 * feed a tap would otherwise wait behind those paints (DESIGN.md §8 tap budget); a reload draws at once.
 */
const LIVE_REDRAW_MS = 250;

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

export interface CandleChartProps {
  symbol: string;
  period: CandlePeriod;
  /** Price decimals of the axis and the last-price label: the pair's, as the header shows them. */
  decimals: number;
  /** Told the last bar's close each time the canvas is redrawn, so the header can show the very price the chart shows. */
  onDrawn?(symbol: string, close: string): void;
  loadingLabel: string;
}

/**
 * The options candlestick chart with moving averages (DESIGN.md §4.6): created once, `setData` when
 * the series is (re)loaded, `update` for live bars (at most every LIVE_REDRAW_MS), `remove` on unmount;
 * vertical touch drags scroll the page. While history has not arrived the box keeps its size and shows a spinner (spec §8).
 */

export function CandleChart({ symbol, period, decimals, onDrawn, loadingLabel }: CandleChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candleRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const maRefs = useRef<ISeriesApi<'Line'>[]>([]);
  const drawnRef = useRef<DrawnCandles | null>(null);
  const series = useCandles(symbol, period);
  const pendingRef = useRef<CandleSeries | null>(null);
  const redrawTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastDrawAt = useRef(0);

  /**
   * Puts `next` on the canvas: the whole series after a (re)load, else the bars since the last draw
   * and any older bar the engine replaced (a closed bar refreshed from the server).
   */
  const draw = (next: CandleSeries) => {
    const candles = candleRef.current;
    if (!candles) return;
    const key = `${next.symbol}:${next.period}`;
    const plan = planCandleDraw(drawnRef.current, key, next);
    if (plan.kind === 'reload') candles.setData(next.bars.map(toBar));
    else {
      for (const bar of plan.history) candles.update(toBar(bar), true);
      for (const bar of plan.live) candles.update(toBar(bar));
    }
    if (plan.kind === 'reload' || plan.history.length > 0) {
      MA_WINDOWS.forEach((window, i) => maRefs.current[i]?.setData(maLine(next.bars, window)));
    } else {
      // Only the last point of each average can change with a live bar.
      MA_WINDOWS.forEach((window, i) => {
        const tail = maLine(next.bars.slice(-window), window).at(-1);
        if (tail) maRefs.current[i]?.update(tail);
      });
    }
    drawnRef.current = { key, resetId: next.resetId, bars: next.bars };
    const last = next.bars[next.bars.length - 1] as Candle;
    // What the last-price label shows, readable where the canvas is not (end-to-end tests, QA).
    boxRef.current?.parentElement?.setAttribute('data-last-close', last.close);
    onDrawnRef.current?.(next.symbol, last.close);
  };
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  });
  const { redUp } = useSnapshot(upColour);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const chart = createChart(box, {
      autoSize: true,
      // The app draws the attribution (ChartAttribution): the library's own needs an inline <style>.
      layout: { background: { color: 'transparent' }, textColor: cssVar('--muted', '#6b7280'), attributionLogo: false },
      grid: { vertLines: { color: cssVar('--line', '#e5e8ef') }, horzLines: { color: cssVar('--line', '#e5e8ef') } },
      handleScroll: { vertTouchDrag: false },
      timeScale: { timeVisible: true, secondsVisible: false },
    });
    candleRef.current = chart.addSeries(CandlestickSeries);
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
    candleRef.current?.applyOptions({ priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals } });
  }, [decimals]);

  useEffect(() => {
    const up = cssVar('--up', '#48b451');
    const down = cssVar('--down', '#db000c');
    candleRef.current?.applyOptions({ upColor: up, downColor: down, wickUpColor: up, wickDownColor: down, borderVisible: false });
  }, [redUp]);

  useEffect(() => {
    if (!series || series.bars.length === 0) return;
    pendingRef.current = series;
    if (redrawTimer.current !== undefined) return;
    const drawn = drawnRef.current;
    const reload = !drawn || drawn.key !== `${series.symbol}:${series.period}` || drawn.resetId !== series.resetId;
    const wait = reload ? 0 : lastDrawAt.current + LIVE_REDRAW_MS - performance.now();
    const run = () => {
      redrawTimer.current = undefined;
      lastDrawAt.current = performance.now();
      if (pendingRef.current) draw(pendingRef.current);
    };
    if (wait <= 0) run();
    else redrawTimer.current = setTimeout(run, wait);
  }, [series]);
  useEffect(() => () => clearTimeout(redrawTimer.current), []);

  const loading = !series || series.bars.length === 0;
  return (
    <div className={styles.chartBox} data-testid="candle-chart">
      <div ref={boxRef} className={styles.chartCanvas} />
      <ChartAttribution />
      {loading && (
        <div className={styles.chartLoading} role="status" aria-label={loadingLabel}>
          <span className={styles.spinner} aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
