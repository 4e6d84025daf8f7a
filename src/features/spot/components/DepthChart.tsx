import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { depthSeries, type DepthSeries } from '../../../lib/book-rows.ts';
import { useBook } from '../../../lib/market-hooks.ts';
import { session } from '../../../lib/session.ts';
import { upColour } from '../../../lib/up-colour.ts';
import { SPOT_BOOK_LEVELS } from '../api/book-grouping.ts';
import styles from './depth-chart.module.css';

interface Palette {
  up: string;
  down: string;
  text: string;
  line: string;
}

function readPalette(): Palette {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    up: read('--up', '#48b451'),
    down: read('--down', '#db000c'),
    text: read('--muted', '#6b7280'),
    line: read('--line', '#e5e8ef'),
  };
}

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

/** Draws the whole chart for one book (a few hundred path points: well under a millisecond). */
function paint(canvas: HTMLCanvasElement, depth: DepthSeries, palette: Palette, decimals: number): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
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
  context.fillStyle = palette.text;
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

/**
 * The spot screen's depth chart: cumulative bids (up colour) and asks (down colour)
 * around the mid price, drawn on a canvas from the worker's book arrays. It reads the same book
 * subscription as the order book (useBook shares it), so it adds no socket traffic and no copy in
 * the worker; a new book is painted at the next animation frame, at most once a frame.
 */
export function DepthChart({ symbol, step, decimals }: { symbol: string; step: number; decimals: number }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const book = useBook(symbol, SPOT_BOOK_LEVELS, step);
  const { redUp } = useSnapshot(upColour);
  const { theme } = useSnapshot(session);
  const paletteRef = useRef<Palette | null>(null);
  const frameRef = useRef(0);
  useEffect(() => {
    paletteRef.current = readPalette();
  }, [redUp, theme]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !book) return;
    cancelAnimationFrame(frameRef.current);
    frameRef.current = requestAnimationFrame(() =>
      paint(canvas, depthSeries(book), paletteRef.current ?? readPalette(), decimals),
    );
  }, [book, decimals, redUp, theme]);
  useEffect(() => () => cancelAnimationFrame(frameRef.current), []);
  const depth = book ? depthSeries(book) : null;
  const label =
    depth && Number.isFinite(depth.mid)
      ? t('depth.summary', { mid: depth.mid.toFixed(decimals) })
      : t('common.loading');
  return (
    <div className={styles.box} data-testid="depth-chart">
      <canvas ref={canvasRef} className={styles.canvas} role="img" aria-label={label} />
      <div className={styles.legend} aria-hidden="true">
        <span className={styles.bids}>{t('depth.bids')}</span>
        <span className={styles.asks}>{t('depth.asks')}</span>
      </div>
    </div>
  );
}
