import {
  MismatchDirection,
  type AutoscaleInfo,
  type IPrimitivePaneRenderer,
  type IPrimitivePaneView,
  type ISeriesPrimitive,
  type Logical,
  type SeriesAttachedParameter,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { StudyPoint } from '../../../common/protocol.ts';

/** One line drawn over the candles: its colour and the value it takes from each study point (null: no value yet). */
export interface OverlayLine {
  colour: string;
  pick(point: StudyPoint): number | null;
}

/** The index of the first point at or after `time` (points oldest first); `points.length` when none is. */
export function firstPointAt(points: readonly { time: number }[], time: number): number {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((points[middle] as { time: number }).time < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The lowest and highest value the lines take at points from `from` to `to` (times, inclusive); null when they take none. */
export function linesRange(
  points: readonly StudyPoint[],
  lines: readonly OverlayLine[],
  from: number,
  to: number,
): { minValue: number; maxValue: number } | null {
  let minValue = Number.POSITIVE_INFINITY;
  let maxValue = Number.NEGATIVE_INFINITY;
  for (let i = firstPointAt(points, from); i < points.length; i++) {
    const point = points[i] as StudyPoint;
    if (point.time > to) break;
    for (const line of lines) {
      const value = line.pick(point);
      if (value === null) continue;
      if (value < minValue) minValue = value;
      if (value > maxValue) maxValue = value;
    }
  }
  return minValue <= maxValue ? { minValue, maxValue } : null;
}

interface Polyline {
  colour: string;
  xs: number[];
  ys: number[];
}

/**
 * The moving averages and Bollinger bands, drawn over the candles by one primitive attached to the
 * candle series, not as a line series each (the soak's long tasks). Each line series costs
 * the library a data update per live bar and, on every paint, its own autoscale, a price-axis label
 * worked out even when hidden and a renderer: with four MA lines that was most of the chart's work in
 * the first seconds, while its code is still cold. These lines show no label, marker or crosshair
 * value, so a series gives them nothing a primitive does not. Only the points in view are drawn; the
 * price scale still takes their values into account (autoscaleInfo), as it did for the line series.
 */
export class OverlayLines implements ISeriesPrimitive<Time> {
  private points: readonly StudyPoint[] = [];
  /** Added to a point's time to place it on the chart's (shifted) time scale (chart-time.ts). */
  private shift = 0;
  private host: SeriesAttachedParameter<Time> | null = null;
  private polylines: Polyline[] = [];
  private readonly views: readonly IPrimitivePaneView[];

  constructor(private readonly lines: readonly OverlayLine[]) {
    const renderer: IPrimitivePaneRenderer = { draw: (target) => this.drawLines(target) };
    this.views = [{ renderer: () => renderer }];
  }

  /**
   * The study points to draw (oldest first) and the shift of their times on the chart. Set before the
   * candle series' own update, which recalculates the pane and so places these too: asking the
   * library for an update here would be a full one, every canvas and axis repainted on each live bar.
   */
  setPoints(points: readonly StudyPoint[], shift: number): void {
    this.points = points;
    this.shift = shift;
  }

  attached(host: SeriesAttachedParameter<Time>): void {
    this.host = host;
  }

  detached(): void {
    this.host = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  autoscaleInfo(start: Logical, end: Logical): AutoscaleInfo | null {
    const series = this.host?.series;
    const first = series?.dataByIndex(Math.ceil(start), MismatchDirection.NearestRight);
    const last = series?.dataByIndex(Math.floor(end), MismatchDirection.NearestLeft);
    if (!first || !last) return null;
    const range = linesRange(
      this.points,
      this.lines,
      (first.time as number) - this.shift,
      (last.time as number) - this.shift,
    );
    return range && { priceRange: range };
  }

  /** Works out the lines' coordinates for the view as it now stands: the library calls it each time it recalculates the pane (a data update, a scroll or zoom, a resize). */
  updateAllViews(): void {
    this.polylines = [];
    const host = this.host;
    const range = host?.chart.timeScale().getVisibleRange();
    if (!host || !range || this.points.length === 0) return;
    const timeScale = host.chart.timeScale();
    // One point either side of the view, so the lines run on to the pane's edges.
    const from = Math.max(0, firstPointAt(this.points, (range.from as number) - this.shift) - 1);
    const to = Math.min(this.points.length, firstPointAt(this.points, (range.to as number) - this.shift + 1) + 1);
    const polylines = this.lines.map((line) => ({ colour: line.colour, xs: [] as number[], ys: [] as number[] }));
    for (let i = from; i < to; i++) {
      const point = this.points[i] as StudyPoint;
      const x = timeScale.timeToCoordinate((point.time + this.shift) as UTCTimestamp);
      if (x === null) continue;
      for (let k = 0; k < this.lines.length; k++) {
        const value = (this.lines[k] as OverlayLine).pick(point);
        const y = value === null ? null : host.series.priceToCoordinate(value);
        if (y === null) continue;
        const polyline = polylines[k] as Polyline;
        polyline.xs.push(x);
        polyline.ys.push(y);
      }
    }
    this.polylines = polylines;
  }

  private drawLines(target: Parameters<IPrimitivePaneRenderer['draw']>[0]): void {
    target.useBitmapCoordinateSpace(({ context, horizontalPixelRatio, verticalPixelRatio }) => {
      context.lineWidth = Math.max(1, Math.floor(horizontalPixelRatio));
      context.lineJoin = 'round';
      for (const { colour, xs, ys } of this.polylines) {
        if (xs.length < 2) continue;
        context.strokeStyle = colour;
        context.beginPath();
        xs.forEach((x, i) => {
          const px = x * horizontalPixelRatio;
          const py = (ys[i] as number) * verticalPixelRatio;
          if (i === 0) context.moveTo(px, py);
          else context.lineTo(px, py);
        });
        context.stroke();
      }
    });
  }
}
