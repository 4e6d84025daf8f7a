/**
 * The reference page's worker: the least code that feeds the same widgets. One socket, pako +
 * JSON.parse, the latest book, bars and close, the newest trades, and one plain postMessage per
 * animation frame (book as transferred Float64Arrays). No Comlink, no RxJS, no normalization.
 */
import { inflate } from 'pako';

interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}
interface TapeTrade {
  id: number;
  price: number;
  amount: number;
  direction: string;
}
interface WireTrade {
  tradeId: number;
  price: number;
  amount: number;
  direction: string;
}

let bids: number[][] = [];
let asks: number[][] = [];
let bars: Bar[] = [];
let trades: TapeTrade[] = [];
let close: number | null = null;
let dirty = false;
let posts = 0;

function scheduleFlush(): void {
  if (dirty) return;
  dirty = true;
  requestAnimationFrame(() => {
    dirty = false;
    const bidArray = Float64Array.from(bids.slice(0, 20).flat());
    const askArray = Float64Array.from(asks.slice(0, 20).flat());
    posts++;
    self.postMessage({ bids: bidArray, asks: askArray, bars, trades, close, posts }, [bidArray.buffer, askArray.buffer]);
    bars = [];
  });
}

function receive(socket: WebSocket, data: ArrayBuffer): void {
  const message = JSON.parse(inflate(new Uint8Array(data), { toText: true }));
  if (message.ping) return socket.send(JSON.stringify({ pong: message.ping }));
  const tick = message.tick;
  if (!tick) return;
  const type = (message.ch as string).split('.')[2];
  if (type === 'depth') {
    bids = tick.bids;
    asks = tick.asks;
  } else if (type === 'kline') {
    bars.push({ time: tick.id, open: tick.open, high: tick.high, low: tick.low, close: tick.close });
  } else if (type === 'trade') {
    const fresh = (tick.data as WireTrade[]).map((t) => ({ id: t.tradeId, price: t.price, amount: t.amount, direction: t.direction }));
    trades = [...fresh, ...trades].slice(0, 20);
  } else if (type === 'detail') {
    close = tick.close;
  }
  scheduleFlush();
}

/** The page sends the symbol, then the worker connects. */
self.onmessage = (event: MessageEvent<{ symbol: string }>) => {
  const topics = ['depth.step0', 'kline.1min', 'trade.detail', 'detail'].map((t) => `market.${event.data.symbol}.${t}`);
  const socket = new WebSocket(`${self.location.origin.replace(/^http/, 'ws')}/ws`);
  socket.binaryType = 'arraybuffer';
  socket.onopen = () => topics.forEach((sub, id) => socket.send(JSON.stringify({ sub, id: String(id) })));
  socket.onmessage = (event) => receive(socket, event.data as ArrayBuffer);
};
