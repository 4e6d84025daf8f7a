/**
 * The minimal reference page of the bench (docs/performance.md#options-screen-vs-reference-page): what the options screen's chart view
 * shows, with no app around it (no React, no engine, no Comlink): the day summary (close 6
 * decimals, change vs open, high/low 2, volume 8) and the daily candlestick chart with the same
 * moving averages. The options screen's main-thread cost is measured against this page's.
 */
import { CandlestickSeries, createChart, LineSeries, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { MA_WINDOWS } from '../../src/features/options/api/chart-intervals.ts';
import type { Update } from './reference.worker.ts';

type Bar = NonNullable<Update['history']>[number];

const symbol = new URLSearchParams(location.search).get('symbol') ?? 'btcusdt';
const byId = (id: string): HTMLElement => document.getElementById(id) as HTMLElement;
byId('symbol').textContent = symbol.toUpperCase();

const chart = createChart(byId('chart'), {
  autoSize: true,
  // No library logo: it inserts an inline <style> the server's Content-Security-Policy refuses (the app draws its attribution as a plain link).
  layout: { background: { color: 'transparent' }, textColor: '#6b7280', attributionLogo: false },
  grid: { vertLines: { color: '#e5e8ef' }, horzLines: { color: '#e5e8ef' } },
  handleScroll: { vertTouchDrag: false },
  timeScale: { timeVisible: true, secondsVisible: false },
});
const candles = chart.addSeries(CandlestickSeries, {
  priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
  upColor: '#48b451',
  downColor: '#db000c',
  wickUpColor: '#48b451',
  wickDownColor: '#db000c',
  borderVisible: false,
});
const MA_COLOURS = ['#f5a623', '#2f6bff', '#a855f7', '#14b8a6'];
const averages: ISeriesApi<'Line'>[] = MA_WINDOWS.map((_, i) =>
  chart.addSeries(LineSeries, {
    color: MA_COLOURS[i],
    lineWidth: 1,
    priceLineVisible: false,
    lastValueVisible: false,
    crosshairMarkerVisible: false,
  }),
);

/** Every close the chart holds, oldest first, for the moving averages. */
const closes: number[] = [];
const times: number[] = [];

function mean(end: number, window: number): number {
  let sum = 0;
  for (let i = end - window + 1; i <= end; i++) sum += closes[i] as number;
  return sum / window;
}

function setHistory(history: Bar[]): void {
  candles.setData(history.map((bar) => ({ ...bar, time: bar.time as UTCTimestamp })));
  closes.length = 0;
  times.length = 0;
  for (const bar of history) {
    closes.push(bar.close);
    times.push(bar.time);
  }
  MA_WINDOWS.forEach((window, w) => {
    const line = [];
    for (let i = window - 1; i < closes.length; i++)
      line.push({ time: times[i] as UTCTimestamp, value: mean(i, window) });
    averages[w]?.setData(line);
  });
}

function updateBar(bar: Bar): void {
  const last = times.length - 1;
  if (last >= 0 && bar.time < (times[last] as number)) return;
  candles.update({ ...bar, time: bar.time as UTCTimestamp });
  if (last >= 0 && bar.time === times[last]) closes[last] = bar.close;
  else {
    closes.push(bar.close);
    times.push(bar.time);
  }
  const end = closes.length - 1;
  MA_WINDOWS.forEach((window, w) => {
    if (end >= window - 1) averages[w]?.update({ time: bar.time as UTCTimestamp, value: mean(end, window) });
  });
}

/** Writes text only when it changed, as any careful hand-written page would. */
function setText(id: string, text: string): void {
  const element = byId(id);
  if (element.textContent !== text) element.textContent = text;
}

function showSummary(summary: NonNullable<Update['summary']>): void {
  const change = ((summary.close - summary.open) / summary.open) * 100;
  setText('close', summary.close.toFixed(6));
  setText('change', `${change >= 0 ? '▲ +' : '▼ '}${change.toFixed(2)}%`);
  setText('high', summary.high.toFixed(2));
  setText('low', summary.low.toFixed(2));
  setText('volume', summary.amount.toFixed(8));
}

const stats = { messages: 0, bars: 0, frames: 0 };
Object.assign(globalThis, { __referenceStats: stats });
const worker = new Worker(new URL('./reference.worker.ts', import.meta.url), { type: 'module' });
worker.onmessage = (event: MessageEvent<Update>) => {
  stats.messages++;
  const { history, bars, summary, frames } = event.data;
  stats.frames = frames;
  if (history) setHistory(history);
  for (const bar of bars) updateBar(bar);
  if (summary) showSummary(summary);
  stats.bars = closes.length;
};
worker.postMessage({ symbol });
