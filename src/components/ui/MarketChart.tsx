import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subscribable } from 'rxjs';
import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, CandlePeriod, CandleSeries, StudyPoint, StudySeries } from '../../../common/protocol.ts';
import { drawDueAt, planCandleDraw, seriesKey, type DrawnCandles } from '../../lib/candle-draw.ts';
import { STUDY_NAMES, type StudyName } from '../../lib/chart-studies.ts';
import { afterNextPaint } from './after-next-paint.ts';
import { ChartAttribution } from './ChartAttribution.tsx';
import { chartTimeLabels, chartTimeShift, isDayOrLonger } from './chart-time.ts';
import { OverlayLines, type OverlayLine } from './overlay-lines.ts';
import { useFitAbove, type FitRange, type FitTarget } from './use-fit-above.ts';
import styles from './market-chart.module.css';

const MA_COLOURS = ['#f5a623', '#2f6bff', '#a855f7', '#14b8a6'] as const;
const BOLL_COLOUR = '#d946ef';
const MACD_COLOURS = { macd: '#2f6bff', signal: '#f5a623' } as const;
const RSI_COLOUR = '#a855f7';
/** Where in the candles' pane the volume bars and the candles draw (fractions of its height from the top and bottom). */
const VOLUME_MARGINS = { top: 0.8, bottom: 0 } as const;
const CANDLE_MARGINS_OVER_VOLUME = { top: 0.1, bottom: 0.25 } as const;
const CANDLE_MARGINS = { top: 0.1, bottom: 0.1 } as const;
const LINE = { lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false } as const;
/**
 * Room right of the newest bar. The library keeps a tick label inside the axis only where the edge is
 * fixed (no panning), so a month or an hour starting at one of the last bars was cut at the axis'
 * end: "ديسمبر" read "سمبر", "12月" lost its 月. Half of the widest label (about 50 px) fits in it.
 */
const RIGHT_MARGIN_PX = 32;
/**
 * The box's heights, without the indicator panes and with them: its usual height (max, set as the
 * box's --box-height) and the least it takes when fitted above a bar (fitAbove).
 */
const HEIGHTS_PLAIN: FitRange = { min: 180, max: 300 };
const HEIGHTS_WITH_PANES: FitRange = { min: 300, max: 420 };

function cssVar(name: string, fallback: string, style = getComputedStyle(document.documentElement)): string {
  return style.getPropertyValue(name).trim() || fallback;
}

/** The theme's up and down colours, read once per draw rather than once per bar. */
function upDownColours(): { up: string; down: string } {
  const style = getComputedStyle(document.documentElement);
  return { up: cssVar('--up', '#48b451', style), down: cssVar('--down', '#db000c', style) };
}

/** The time scale's language and labels for bars of `period` (chart-time.ts). */
function timeOptions(lang: string, period: CandlePeriod) {
  const labels = chartTimeLabels(lang, period);
  return {
    localization: { timeFormatter: labels.crosshair },
    timeScale: { timeVisible: !isDayOrLonger(period), secondsVisible: false, tickMarkFormatter: labels.tickMark },
  };
}

type Picker = (point: StudyPoint) => number | null;

/** What one study series in a pane of its own (MACD, RSI) draws: a line or histogram per point, from the worker's study points. */
interface StudyLine {
  series: ISeriesApi<SeriesType>;
  pick: Picker;
  /** Histogram bars coloured by sign. */
  signed?: boolean;
}

interface Drawn {
  candles: DrawnCandles;
  studies: StudySeries | null;
}

/** The index of the last point drawn when `next` only changed from it on (same reset, nothing older replaced), else null. */
function extendsDrawn<T extends { time: number }>(drawn: readonly T[] | undefined, next: readonly T[]): number | null {
  if (!drawn || drawn.length === 0 || next.length === 0 || drawn[0] !== next[0]) return null;
  const last = drawn.length - 1;
  for (let i = 0; i < last; i++) if (drawn[i] !== next[i]) return null;
  return last;
}

/**
 * The candlestick chart with its indicators (docs/architecture.md#charts): moving averages, Bollinger
 * bands and volume in the candles' pane, and MACD and RSI each in a pane of its own, toggled by
 * the user. Candles and indicator values come in through `feed` (the market worker computes the
 * indicators from the candles it holds); which studies show, the theme and the language come in as
 * props, so this file knows neither the engine nor a store (lib/use-market-chart.ts wires both).
 * Created once per set of studies,
 * `setData` on a (re)load, `update` for live bars at most every LIVE_REDRAW_MS, `remove` on unmount;
 * vertical touch drags scroll the page. While history has not arrived the box keeps its size and
 * shows a spinner (docs/product-rules.md#calls-and-answers).
 */
export interface MarketChartProps {
  symbol: string;
  period: CandlePeriod;
  /** The series to draw: `symbol` and `period`'s candles and indicators, read without a React render. */
  feed: ChartFeed;
  /** Which studies show; `onToggleStudy` is called when the user turns one on or off. */
  studies: Readonly<Record<StudyName, boolean>>;
  onToggleStudy(name: StudyName): void;
  /** The time labels' language. */
  lang: string;
  /** The colour theme and the red-up choice: the chart is rebuilt to read the page's colours when either changes. */
  theme: string;
  redUp: boolean;
  /** Price decimals of the axis and the last-price label: the pair's, as the header shows them. */
  decimals?: number;
  /** Told the last bar's close each time the canvas is redrawn, so a header can show the very price the chart shows. */
  onDrawn?(symbol: string, close: string): void;
  /** The chart's page and a bar fixed at the screen's bottom that the chart ends above, shrinking on a short phone (use-fit-above.ts). */
  fitAbove?: FitTarget;
  /** A price marked across the chart with its title on the price axis (an order's buy price); null for none. */
  priceLine?: ChartPriceLine | null;
  testId?: string;
}

/** The chart's two streams. Equal streams for equal series: a new one starts the series over. */
export interface ChartFeed {
  candles: Subscribable<CandleSeries>;
  studies: Subscribable<StudySeries>;
}

/** A horizontal line at a price, titled on the price axis. */
export interface ChartPriceLine {
  /** Decimal text. */
  price: string;
  title: string;
}

export function MarketChart({
  symbol,
  period,
  feed,
  studies: shown,
  onToggleStudy,
  lang,
  theme,
  redUp,
  decimals = 2,
  onDrawn,
  fitAbove,
  priceLine = null,
  testId = 'candle-chart',
}: MarketChartProps) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candleRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumeRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const linesRef = useRef<StudyLine[]>([]);
  // The moving averages and Bollinger bands over the candles (overlay-lines.ts), null with neither shown.
  const overlayRef = useRef<OverlayLines | null>(null);
  const drawnRef = useRef<Drawn | null>(null);
  const pendingRef = useRef<{ candles: CandleSeries | null; studies: StudySeries | null }>({
    candles: null,
    studies: null,
  });
  const redrawTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelTell = useRef<() => void>(() => {});
  const lastDrawAt = useRef(0);
  const onDrawnRef = useRef(onDrawn);
  const decimalsRef = useRef(decimals);
  // The phone's zone offset the drawn series was shifted by: one for the whole series (chart-time.ts).
  const zoneOffsetRef = useRef(0);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  });
  // Which series the chart has drawn: the spinner goes once it has (the only React state the data sets).
  const shownKey = seriesKey({ symbol, period });
  const [shownSeries, setShownSeries] = useState<string | null>(null);
  const timeRef = useRef({ lang, period });
  const studyKey = STUDY_NAMES.filter((name) => shown[name]).join(',');
  const panes = (shown.macd ? 1 : 0) + (shown.rsi ? 1 : 0);
  const heights = panes > 0 ? HEIGHTS_WITH_PANES : HEIGHTS_PLAIN;
  useFitAbove(frameRef, fitAbove, heights);

  const draw = () => {
    const { candles: nextCandles } = pendingRef.current;
    // The series' indicators, once some came.
    const nextStudies = pendingRef.current.studies?.points.length ? pendingRef.current.studies : null;
    const candle = candleRef.current;
    if (!candle || !nextCandles || nextCandles.bars.length === 0) return;
    const key = seriesKey(nextCandles);
    // The clock moved (daylight saving, a journey): the whole series is drawn again on the new one.
    const zoneOffset = new Date().getTimezoneOffset();
    const zoneMoved = zoneOffset !== zoneOffsetRef.current;
    zoneOffsetRef.current = zoneOffset;
    const drawn = !zoneMoved && drawnRef.current?.candles.key === key ? drawnRef.current : null;
    // Live bars update in place; a closed bar the engine refreshed is redrawn where it stands (candle-draw.ts).
    const plan = planCandleDraw(drawn?.candles ?? null, key, nextCandles);
    const { up, down } = upDownColours();
    const shift = chartTimeShift(nextCandles.period, zoneOffsetRef.current);
    const time = (t: number) => (t + shift) as UTCTimestamp;
    const toBar = (c: Candle) => ({
      time: time(c.time),
      open: Number(c.open),
      high: Number(c.high),
      low: Number(c.low),
      close: Number(c.close),
    });
    const volume = (c: Candle) => ({
      time: time(c.time),
      value: Number(c.amount),
      color: Number(c.close) >= Number(c.open) ? up : down,
    });
    // Before the candles: each candle update recalculates the pane, and with it the lines' place and range.
    if (nextStudies) overlayRef.current?.setPoints(nextStudies.points, shift);
    if (plan.kind === 'reload') {
      candle.setData(nextCandles.bars.map(toBar));
      volumeRef.current?.setData(nextCandles.bars.map(volume));
    } else {
      for (const bar of plan.history) {
        candle.update(toBar(bar), true);
        volumeRef.current?.update(volume(bar), true);
      }
      for (const bar of plan.live) {
        candle.update(toBar(bar));
        volumeRef.current?.update(volume(bar));
      }
    }
    if (nextStudies) {
      const pointsFrom =
        drawn && plan.kind === 'update' && drawn.studies?.resetId === nextStudies.resetId
          ? extendsDrawn(drawn.studies.points, nextStudies.points)
          : null;
      const points = pointsFrom === null ? nextStudies.points : nextStudies.points.slice(pointsFrom);
      for (const line of linesRef.current) {
        const data = points.flatMap((p) => {
          const value = line.pick(p);
          if (value === null) return [];
          return [
            line.signed ? { time: time(p.time), value, color: value >= 0 ? up : down } : { time: time(p.time), value },
          ];
        });
        if (pointsFrom === null) line.series.setData(data);
        else for (const point of data) line.series.update(point);
      }
    }
    drawnRef.current = { candles: { key, resetId: nextCandles.resetId, bars: nextCandles.bars }, studies: nextStudies };
    // Only a series drawn for the first time changes the spinner: a live update sets no state.
    if (!drawn) setShownSeries(key);
    const last = nextCandles.bars[nextCandles.bars.length - 1] as Candle;
    // Told once the frame that paints the chart is done: the header's render and the layout of its
    // new text then make a frame of their own instead of lengthening the chart's
    // (docs/performance.md#long-tasks-and-frames).
    cancelTell.current();
    cancelTell.current = afterNextPaint(() => {
      // What the last-price label shows, readable where the canvas is not (end-to-end tests, QA).
      boxRef.current?.parentElement?.setAttribute('data-last-close', last.close);
      onDrawnRef.current?.(nextCandles.symbol, last.close);
    });
  };

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    // The studies to build, from the key the effect runs for.
    const on = new Set(studyKey.split(','));
    const text = cssVar('--muted', '#6b7280');
    const grid = cssVar('--line', '#e5e8ef');
    const time = timeOptions(timeRef.current.lang, timeRef.current.period);
    const chart = createChart(box, {
      autoSize: true,
      // The app draws the attribution (ChartAttribution): the library's own needs an inline <style>.
      layout: {
        background: { color: 'transparent' },
        textColor: text,
        attributionLogo: false,
        panes: { separatorColor: grid },
      },
      grid: { vertLines: { color: grid }, horzLines: { color: grid } },
      handleScroll: { vertTouchDrag: false },
      ...time,
      // Set once: applied again on a change of language it would scroll a panned chart back to its end.
      timeScale: { ...time.timeScale, rightOffsetPixels: RIGHT_MARGIN_PX },
    });
    const { up, down } = upDownColours();
    candleRef.current = chart.addSeries(CandlestickSeries, {
      priceFormat: { type: 'price', precision: decimalsRef.current, minMove: 10 ** -decimalsRef.current },
      upColor: up,
      downColor: down,
      wickUpColor: up,
      wickDownColor: down,
      borderVisible: false,
    });
    const overlay: OverlayLine[] = [];
    if (on.has('ma')) MA_COLOURS.forEach((colour, k) => overlay.push({ colour, pick: (p) => p.ma[k] ?? null }));
    if (on.has('boll')) {
      overlay.push(
        { colour: BOLL_COLOUR, pick: (p) => p.bollUpper },
        { colour: BOLL_COLOUR, pick: (p) => p.bollMid },
        { colour: BOLL_COLOUR, pick: (p) => p.bollLower },
      );
    }
    overlayRef.current = overlay.length > 0 ? new OverlayLines(overlay) : null;
    if (overlayRef.current) candleRef.current.attachPrimitive(overlayRef.current);
    const lines: StudyLine[] = [];
    const add = (pane: number, pick: Picker, colour: string) =>
      lines.push({ series: chart.addSeries(LineSeries, { ...LINE, color: colour }, pane), pick });
    // Volume draws under the candles, in their pane, on a scale of its own with no axis: a pane of its
    // own would cost four more canvases to raster on every live update, and an axis whose labels widen
    // as the day's volume grows would resize the whole chart (long tasks).
    volumeRef.current = on.has('vol')
      ? chart.addSeries(
          HistogramSeries,
          { priceFormat: { type: 'volume' }, priceScaleId: '', priceLineVisible: false, lastValueVisible: false },
          0,
        )
      : null;
    volumeRef.current?.priceScale().applyOptions({ scaleMargins: VOLUME_MARGINS });
    candleRef.current
      .priceScale()
      .applyOptions({ scaleMargins: on.has('vol') ? CANDLE_MARGINS_OVER_VOLUME : CANDLE_MARGINS });
    let pane = 1;
    if (on.has('macd')) {
      const macdPane = pane++;
      lines.push({
        series: chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }, macdPane),
        pick: (p) => p.histogram,
        signed: true,
      });
      add(macdPane, (p) => p.macd, MACD_COLOURS.macd);
      add(macdPane, (p) => p.signal, MACD_COLOURS.signal);
    }
    if (on.has('rsi')) add(pane, (p) => p.rsi, RSI_COLOUR);
    // The candles keep most of the height; each indicator pane gets a slice.
    chart.panes().forEach((each, index) => each.setStretchFactor(index === 0 ? 3 : 1));
    linesRef.current = lines;
    chartRef.current = chart;
    drawnRef.current = null;
    draw();
    return () => {
      chart.remove();
      chartRef.current = null;
      candleRef.current = null;
      volumeRef.current = null;
      linesRef.current = [];
      overlayRef.current = null;
      drawnRef.current = null;
    };
    // The chart is rebuilt for another set of studies, another up colour or theme; data changes only update it.
  }, [studyKey, redUp, theme]);

  // Candles and indicators go from the feed's streams to the canvas without a React render (docs/architecture.md#one-batch-per-frame:
  // hot data never enters React state). A draw waits for the end of the batch that brought them
  // (a task of its own), a series' first draw for its indicators, and live bars for LIVE_REDRAW_MS
  // after the last draw (candle-draw.ts drawDueAt). A later arrival never delays a draw already due.
  useEffect(() => {
    pendingRef.current = { candles: null, studies: null };
    let candlesSince = Number.NaN;
    let dueAt = Number.POSITIVE_INFINITY;
    const scheduleDraw = () => {
      const { candles, studies } = pendingRef.current;
      if (!candles || candles.bars.length === 0) return;
      if (Number.isNaN(candlesSince)) candlesSince = performance.now();
      const due = drawDueAt({
        drawn: drawnRef.current?.candles ?? null,
        candles,
        studies,
        wantsStudies: linesRef.current.length > 0 || overlayRef.current !== null,
        lastDrawAt: lastDrawAt.current,
        candlesSince,
      });
      // dueAt is Infinity while no draw is pending.
      if (due >= dueAt) return;
      clearTimeout(redrawTimer.current);
      dueAt = due;
      redrawTimer.current = setTimeout(
        () => {
          redrawTimer.current = undefined;
          dueAt = Number.POSITIVE_INFINITY;
          lastDrawAt.current = performance.now();
          draw();
        },
        Math.max(0, due - performance.now()),
      );
    };
    const candles = feed.candles.subscribe({
      next: (series) => {
        pendingRef.current.candles = series;
        scheduleDraw();
      },
    });
    const studies = feed.studies.subscribe({
      next: (series) => {
        pendingRef.current.studies = series;
        scheduleDraw();
      },
    });
    return () => {
      candles.unsubscribe();
      studies.unsubscribe();
      clearTimeout(redrawTimer.current);
      redrawTimer.current = undefined;
    };
  }, [feed.candles, feed.studies]);
  useEffect(() => () => cancelTell.current(), []);

  // The line belongs to the candle series: drawn again on each chart built (studies, colours, theme).
  const linePrice = priceLine?.price ?? null;
  const lineTitle = priceLine?.title ?? '';
  useEffect(() => {
    const series = candleRef.current;
    const frame = frameRef.current;
    if (linePrice === null || !series) return;
    const line = series.createPriceLine({
      price: Number(linePrice),
      title: lineTitle,
      color: cssVar('--accent', '#2f6bff'),
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      axisLabelVisible: true,
    });
    // The line's price, readable where the canvas is not (end-to-end tests, QA).
    frame?.setAttribute('data-price-line', linePrice);
    return () => {
      frame?.removeAttribute('data-price-line');
      // A chart rebuilt removes its series, and their lines, first.
      if (candleRef.current === series) series.removePriceLine(line);
    };
  }, [linePrice, lineTitle, studyKey, redUp, theme]);

  useEffect(() => {
    timeRef.current = { lang, period };
    chartRef.current?.applyOptions(timeOptions(lang, period));
  }, [lang, period]);

  useEffect(() => {
    decimalsRef.current = decimals;
    candleRef.current?.applyOptions({ priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals } });
  }, [decimals]);

  const loading = shownSeries !== shownKey;
  const labels: Record<StudyName, string> = {
    ma: 'MA',
    boll: 'BOLL',
    vol: t('indicators.volume'),
    macd: 'MACD',
    rsi: 'RSI',
  };
  return (
    <div className={styles.chart}>
      <div className={styles.studies} role="group" aria-label={t('indicators.label')}>
        {STUDY_NAMES.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={shown[name]}
            onClick={() => onToggleStudy(name)}
            data-testid={`study-${name}`}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div
        ref={frameRef}
        className={styles.box}
        style={{ '--box-height': `${heights.max}px` } as CSSProperties}
        data-testid={testId}
      >
        <div ref={boxRef} className={styles.canvas} />
        <ChartAttribution />
        {loading && (
          <div className={styles.loading} role="status" aria-label={t('common.loading')}>
            <span className={styles.spinner} aria-hidden="true" />
          </div>
        )}
      </div>
    </div>
  );
}
