/**
 * The minimal reference page of the bench (DESIGN.md §8): the same chart, 20 + 20 row book and
 * trade tape as the market screen, with no app around them (no React, no engine, no Comlink). The
 * market screen's main-thread cost is measured against this page's.
 */
import { plainDecimal } from '../../src/lib/book-rows.ts';
import { createCandleChart, ROWS } from './chart-options.ts';

interface Update {
  bids: Float64Array;
  asks: Float64Array;
  bars: { time: number; open: number; high: number; low: number; close: number }[];
  trades: { id: number; price: number; amount: number; direction: string }[];
  close: number | null;
  posts: number;
}

const symbol = new URLSearchParams(location.search).get('symbol') ?? 'btcusdt';
(document.getElementById('symbol') as HTMLElement).textContent = symbol;
const closeBox = document.getElementById('close') as HTMLElement;
const { series } = createCandleChart(document.getElementById('chart') as HTMLElement);
let lastTime = Number.NEGATIVE_INFINITY;

function rowList(id: string): { price: HTMLSpanElement; size: HTMLSpanElement; row: HTMLLIElement }[] {
  const list = document.getElementById(id) as HTMLOListElement;
  return Array.from({ length: ROWS }, () => {
    const row = document.createElement('li');
    const price = row.appendChild(document.createElement('span'));
    const size = row.appendChild(document.createElement('span'));
    list.appendChild(row);
    return { price, size, row };
  });
}
const askRows = rowList('asks');
const bidRows = rowList('bids');
const tapeRows = rowList('tape');

/** Writes text only when it changed, as any careful hand-written page would. */
function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

function fill(rows: ReturnType<typeof rowList>, values: Float64Array, reverse: boolean): void {
  for (let i = 0; i < ROWS; i++) {
    const level = reverse ? ROWS - 1 - i : i;
    const row = rows[i] as (typeof rows)[number];
    const has = level * 2 + 1 < values.length;
    setText(row.price, has ? plainDecimal(values[level * 2] as number) : '');
    setText(row.size, has ? plainDecimal(values[level * 2 + 1] as number) : '');
  }
}

const worker = new Worker(new URL('./reference.worker.ts', import.meta.url), { type: 'module' });
worker.postMessage({ symbol });
const stats = { messages: 0 };
Object.assign(globalThis, { __referenceStats: stats });

async function loadHistory(): Promise<void> {
  const response = await fetch(`/market/history/kline?symbol=${symbol}&period=1min&size=200`);
  const body = (await response.json()) as { data?: { id: number; open: number; high: number; low: number; close: number }[] };
  const history = (body.data ?? []).map((bar) => ({ time: bar.id, open: bar.open, high: bar.high, low: bar.low, close: bar.close })).reverse();
  if (history.length === 0 || lastTime > Number.NEGATIVE_INFINITY) return;
  series.setData(history.map((bar) => ({ ...bar, time: bar.time as never })));
  lastTime = history.at(-1)?.time ?? lastTime;
}
void loadHistory();

worker.onmessage = (event: MessageEvent<Update>) => {
  stats.messages++;
  const update = event.data;
  if (update.close !== null) setText(closeBox, plainDecimal(update.close));
  fill(askRows, update.asks, true);
  fill(bidRows, update.bids, false);
  for (let i = 0; i < ROWS; i++) {
    const trade = update.trades[i];
    const row = tapeRows[i] as (typeof tapeRows)[number];
    if (row.row.className !== (trade?.direction ?? '')) row.row.className = trade?.direction ?? '';
    setText(row.price, trade ? plainDecimal(trade.price) : '');
    setText(row.size, trade ? plainDecimal(trade.amount) : '');
  }
  for (const bar of update.bars) {
    if (bar.time < lastTime) continue;
    series.update({ ...bar, time: bar.time as never });
    lastTime = bar.time;
  }
};
