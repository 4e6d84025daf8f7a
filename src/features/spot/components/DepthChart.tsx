import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NEVER } from 'rxjs';
import type { DepthCurve } from '../../../../common/protocol.ts';
import { engineStream } from '../../../lib/engine-client.ts';
import { useStreamDraw } from '../../../lib/use-stream-draw.ts';
import { fitCanvas, useCanvasSize, usePalette, type CanvasSize, type Palette } from './canvas-surface.ts';
import styles from './depth-chart.module.css';

/** One side as a stepped area from the mid price outward; `toX`/`toY` map price and size to pixels. */
function side(
  context: CanvasRenderingContext2D,
  points: Float64Array,
  midX: number,
  toX: (p: number) => number,
  toY: (v: number) => number,
  bottom: number,
  colour: string,
): void {
  if (points.length < 2) return;
  context.beginPath();
  context.moveTo(midX, bottom);
  let previous = 0;
  let x = midX;
  for (let i = 0; i + 1 < points.length; i += 2) {
    x = toX(points[i] as number);
    // Flat at the size so far up to this level's price, then up by the level's size.
    context.lineTo(x, toY(previous));
    previous = points[i + 1] as number;
    context.lineTo(x, toY(previous));
  }
  context.lineTo(x, bottom);
  context.closePath();
  context.globalAlpha = 0.18;
  context.fillStyle = colour;
  context.fill();
  context.globalAlpha = 1;
  context.strokeStyle = colour;
  context.lineWidth = 1.5;
  context.stroke();
}

/** Draws the whole chart for one curve (at most about one point per pixel: well under a millisecond). */
function paint(
  canvas: HTMLCanvasElement,
  size: CanvasSize,
  depth: DepthCurve,
  palette: Palette,
  decimals: number,
): void {
  const context = fitCanvas(canvas, size);
  if (!context) return;
  const { width, height } = size;
  const farBid = depth.bids.length >= 2 ? (depth.bids[depth.bids.length - 2] as number) : depth.mid;
  const farAsk = depth.asks.length >= 2 ? (depth.asks[depth.asks.length - 2] as number) : depth.mid;
  if (!Number.isFinite(depth.mid) || depth.maxTotal <= 0) return;
  const span = Math.max(depth.mid - farBid, farAsk - depth.mid) || depth.mid * 0.001;
  const top = 18;
  const bottom = height - 18;
  const toX = (price: number) => ((price - (depth.mid - span)) / (2 * span)) * width;
  const toY = (total: number) => bottom - (total / depth.maxTotal) * (bottom - top);
  context.strokeStyle = palette.line;
  context.lineWidth = 1;
  context.beginPath();
  context.moveTo(0, bottom + 0.5);
  context.lineTo(width, bottom + 0.5);
  context.stroke();
  side(context, depth.bids, toX(depth.mid), toX, toY, bottom, palette.up);
  side(context, depth.asks, toX(depth.mid), toX, toY, bottom, palette.down);
  context.fillStyle = palette.muted;
  context.font = '11px system-ui, sans-serif';
  context.textBaseline = 'bottom';
  context.textAlign = 'left';
  context.fillText((depth.mid - span).toFixed(decimals), 2, height - 2);
  context.textAlign = 'right';
  context.fillText((depth.mid + span).toFixed(decimals), width - 2, height - 2);
  context.textAlign = 'center';
  context.fillText(depth.mid.toFixed(decimals), width / 2, height - 2);
  context.textBaseline = 'top';
  context.textAlign = 'left';
  context.fillText(depth.maxTotal.toPrecision(4), 2, 2);
}

/** How often the canvas' spoken summary (the mid price) may change: a screen reader needs no 10 a second. */
export const DEPTH_LABEL_MS = 2000;

/** The curve's resolution: the canvas' width in CSS pixels, in steps of 20 so a small resize keeps the stream. */
const resolutionOf = (canvas: HTMLCanvasElement | null): number =>
  Math.max(20, Math.ceil((canvas?.clientWidth || 360) / 20) * 20);

/**
 * The spot screen's depth chart: cumulative bids (up colour) and asks (down colour) around the mid
 * price, on a canvas. The market worker computes the curve from the book's every level at the
 * canvas' resolution, on the book's own subscription (no other socket traffic), and the chart only
 * draws it (useStreamDraw): with every other book batch (DEPTH_STREAM_MS), with no React render. Its
 * spoken summary follows the mid price at most every DEPTH_LABEL_MS.
 */
export function DepthChart({ symbol, step, decimals }: { symbol: string; step: number; decimals: number }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const palette = usePalette();
  const [points, setPoints] = useState(0);
  const size = useCanvasSize(canvasRef);
  useEffect(() => setPoints(resolutionOf(canvasRef.current)), []);
  const labelledAt = useRef(Number.NEGATIVE_INFINITY);
  const draw = useCallback(
    (curve: DepthCurve) => {
      const canvas = canvasRef.current;
      if (!canvas || !size.current) return;
      paint(canvas, size.current, curve, palette(), decimals);
      const now = performance.now();
      if (Number.isFinite(curve.mid) && now - labelledAt.current >= DEPTH_LABEL_MS) {
        labelledAt.current = now;
        canvas.setAttribute('aria-label', t('depth.summary', { mid: curve.mid.toFixed(decimals) }));
      }
    },
    [palette, size, decimals, t],
  );
  useEffect(() => {
    labelledAt.current = Number.NEGATIVE_INFINITY;
    canvasRef.current?.setAttribute('aria-label', t('common.loading'));
  }, [symbol, step, t]);
  // Before the canvas is measured there is no stream to read: a curve needs its resolution.
  const curve$ = useMemo(
    () => (points > 0 ? engineStream({ kind: 'depth', symbol, step, points }) : NEVER),
    [symbol, step, points],
  );
  useStreamDraw(curve$, draw);
  return (
    <div className={styles.box} data-testid="depth-chart">
      <canvas ref={canvasRef} className={styles.canvas} role="img" />
      <div className={styles.legend} aria-hidden="true">
        <span className={styles.bids}>{t('depth.bids')}</span>
        <span className={styles.asks}>{t('depth.asks')}</span>
      </div>
    </div>
  );
}
