import type { Candle, CandleSeries, StudySeries } from '../../common/protocol.ts';

/** A series' identity on the chart: `symbol:period`. */
export function seriesKey(series: { symbol: string; period: string }): string {
  return `${series.symbol}:${series.period}`;
}

/** What the chart last put on its canvas: the series' identity and its bars as drawn. */
export interface DrawnCandles {
  /** `symbol:period` */
  key: string;
  resetId: number;
  bars: readonly Candle[];
}

/**
 * How to bring the canvas from `drawn` to `next`: `reload` redraws everything (`setData`);
 * `update` redraws only what changed: `history`, bars older than the last one drawn that the engine
 * replaced (a closed bar refreshed from the server: `update(bar, true)`), and `live`, the
 * bars from the last one drawn on (`update(bar)`).
 */
export type CandleDrawPlan =
  { kind: 'reload' } | { kind: 'update'; history: readonly Candle[]; live: readonly Candle[] };

/**
 * The plan for drawing `next`. The engine's series keeps every unchanged bar as the same object
 * (stream-reducers.ts replaces only the tail from a batch's first bar), so a bar that is not the
 * object drawn at its place has changed. A change the chart cannot apply in place (a bar inserted
 * or removed before the last one drawn) reloads.
 */
export function planCandleDraw(drawn: DrawnCandles | null, key: string, next: CandleSeries): CandleDrawPlan {
  const last = drawn?.bars[drawn.bars.length - 1];
  if (!drawn || !last || drawn.key !== key || drawn.resetId !== next.resetId) return { kind: 'reload' };
  const first = next.bars[0];
  // The series may have dropped bars from its front (the history cap) since the last draw.
  const offset = first === undefined ? -1 : drawn.bars.findIndex((bar) => bar.time === first.time);
  if (offset < 0) return { kind: 'reload' };
  const history: Candle[] = [];
  let i = 0;
  for (; i < next.bars.length; i++) {
    const bar = next.bars[i] as Candle;
    if (bar.time >= last.time) break;
    const was = drawn.bars[offset + i];
    if (bar === was) continue;
    if (was === undefined || was.time !== bar.time) return { kind: 'reload' };
    history.push(bar);
  }
  // Every bar drawn before the last one must still be there.
  if (offset + i !== drawn.bars.length - 1) return { kind: 'reload' };
  return { kind: 'update', history, live: next.bars.slice(i) };
}

/**
 * Live bars reach the canvas at most this often (twice a second); a reload draws at once. Every update
 * repaints the whole chart: a tap would otherwise wait behind those paints (docs/performance.md#tap-latency tap budget),
 * and each paint leaves garbage (the library maps every bar anew, ~40 canvas states) whose collection
 * was the soak's long tasks: at 4 paints a second the options screen (50 msg/s, 4x CPU) allocated
 * ~1.9 MB/s of JavaScript and ~240 KB/s of Blink heap, half that at 2.
 */
export const LIVE_REDRAW_MS = 500;

/**
 * How long a series' first draw waits for its indicators after its candles came. The engine sends
 * them a batch apart (each stream keeps its own cadence); drawn apart, the lines came LIVE_REDRAW_MS
 * after the candles as a second paint of the library's still-cold code (110-130 ms at 4x CPU, after
 * the screen showed: the soak's first long task). The wait is capped so a lost indicator
 * stream never holds the chart back.
 */
export const STUDIES_WAIT_MS = 1000;

export interface DrawTiming {
  /** What the canvas shows now (null before the first draw of this chart). */
  drawn: { key: string; resetId: number } | null;
  candles: CandleSeries;
  /** The latest indicators for the shown pair and period, or null while none came. */
  studies: StudySeries | null;
  /** Whether the chart draws any indicator line (none toggled on: nothing to wait for). */
  wantsStudies: boolean;
  /** performance.now() of the last draw, and of the first candles of this series. */
  lastDrawAt: number;
  candlesSince: number;
}

/**
 * When (performance.now() time) the chart should next draw `candles`: a reload at once, a series'
 * first draw once its indicators are there too (at most STUDIES_WAIT_MS after its candles), live
 * bars LIVE_REDRAW_MS after the last draw.
 */
export function drawDueAt({ drawn, candles, studies, wantsStudies, lastDrawAt, candlesSince }: DrawTiming): number {
  const key = seriesKey(candles);
  const firstDraw = drawn?.key !== key;
  const studiesCame = studies !== null && seriesKey(studies) === key && studies.points.length > 0;
  if (firstDraw && wantsStudies && !studiesCame) return candlesSince + STUDIES_WAIT_MS;
  if (firstDraw || drawn.resetId !== candles.resetId) return Number.NEGATIVE_INFINITY;
  return lastDrawAt + LIVE_REDRAW_MS;
}
