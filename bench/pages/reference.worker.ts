/**
 * The reference page's worker: the least code that feeds the options screen's widgets. The daily
 * bars' history over REST, then one socket with pako + JSON.parse for `kline.1day`, the day summary
 * polled every 5 s, and one plain postMessage per animation frame, at most one per 100 ms: the
 * cadence the engine gives a chart (SLOW_STREAM_MS), so both pages redraw the chart as often.
 * No Comlink, no RxJS, no normalization.
 */
import { inflate } from 'pako';
import { SLOW_STREAM_MS } from '../../workers/market/streams/stream-source.ts';

interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}
interface WireBar {
  id: number;
  open: number;
  high: number;
  low: number;
  close: number;
}
/** What the page shows of /market/detail. */
export interface Summary {
  open: number;
  close: number;
  high: number;
  low: number;
  amount: number;
}
/** One message to the page: `history` replaces the chart's bars, `bars` update it. */
export interface Update {
  history: Bar[] | null;
  bars: Bar[];
  summary: Summary | null;
  /** Socket frames received so far (the feed rate the page really got). */
  frames: number;
}

/** docs/product-rules.md#market-data: the day summary poll's interval. */
const SUMMARY_MS = 5000;
const toBar = (bar: WireBar): Bar => ({ time: bar.id, open: bar.open, high: bar.high, low: bar.low, close: bar.close });

let history: Bar[] | null = null;
let bars: Bar[] = [];
let summary: Summary | null = null;
let dirty = false;
let postedAt = Number.NEGATIVE_INFINITY;
let frames = 0;

function flush(): void {
  dirty = false;
  postedAt = performance.now();
  const update: Update = { history, bars, summary, frames };
  self.postMessage(update);
  history = null;
  bars = [];
  summary = null;
}

function scheduleFlush(): void {
  if (dirty) return;
  dirty = true;
  const wait = postedAt + SLOW_STREAM_MS - performance.now();
  if (wait <= 0) requestAnimationFrame(flush);
  else setTimeout(() => requestAnimationFrame(flush), wait);
}

async function loadHistory(origin: string, symbol: string): Promise<void> {
  const response = await fetch(`${origin}/market/history/kline?symbol=${symbol}&period=1day&size=200`);
  const body = (await response.json()) as { data?: WireBar[] };
  history = (body.data ?? []).map(toBar).reverse();
  scheduleFlush();
}

async function pollSummary(origin: string, symbol: string): Promise<void> {
  const response = await fetch(`${origin}/market/detail?symbol=${symbol}`);
  const body = (await response.json()) as { tick?: Summary };
  if (body.tick) {
    const { open, close, high, low, amount } = body.tick;
    summary = { open, close, high, low, amount };
    scheduleFlush();
  }
  setTimeout(() => void pollSummary(origin, symbol), SUMMARY_MS);
}

function receive(socket: WebSocket, data: ArrayBuffer): void {
  frames++;
  const message = JSON.parse(inflate(new Uint8Array(data), { toText: true }));
  if (message.ping) return socket.send(JSON.stringify({ pong: message.ping }));
  if (!message.tick) return;
  // Pushes of one bar between two posts conflate to its latest state.
  const bar = toBar(message.tick as WireBar);
  if (bars.at(-1)?.time === bar.time) bars[bars.length - 1] = bar;
  else bars.push(bar);
  scheduleFlush();
}

/** The page sends the symbol, then the worker loads and connects. */
self.onmessage = (event: MessageEvent<{ symbol: string }>) => {
  const { symbol } = event.data;
  const origin = self.location.origin;
  void loadHistory(origin, symbol).then(() => {
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`);
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => socket.send(JSON.stringify({ sub: `market.${symbol}.kline.1day`, id: '1' }));
    socket.onmessage = (message) => receive(socket, message.data as ArrayBuffer);
  });
  void pollSummary(origin, symbol);
};
