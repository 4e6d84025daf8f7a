/**
 * A deterministic market session for the bench, in the transcript format the feed replays
 * (FEED_SOURCE=replay), shaped for the options screen. That screen's only socket topic is
 * `market.$symbol.kline.1day` (its chart's default interval, docs/product-rules.md#market-data: D); its day summary is a 5 s
 * REST poll of /market/detail and its pair list a 2.5 s poll of the market list. So the session
 * carries:
 * - first, `historyBars` daily bars, so /market/history/kline has a chart's worth of history;
 * - `rate` kline.1day pushes per second, evenly spaced: the feed rate the screen receives;
 * - besides, per second, 1 detail, 1 bbo and 2 trade.detail pushes the screen does not subscribe
 *   to, which give the server its day summary, its pairs' tickers and its trade prices.
 * Replaying it at speed N gives N times the rate with the same messages, so runs are comparable.
 */

/** mulberry32: a small seeded PRNG, so every bench run replays the same market. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number, decimals: number): number => Number(value.toFixed(decimals));
const DAY_S = 86_400;
/** Midnight UTC: the live day's bar id. */
const TODAY = 1_700_006_400;
/** The session's first second, late morning of that day. */
const START = TODAY + 9 * 3600;

export interface SessionOptions {
  symbol: string;
  seconds: number;
  /** kline.1day pushes per second in the recording (the screen's feed rate). */
  rate?: number;
  /** Daily bars before today, sent first (docs/product-rules.md#market-data: the chart asks for 200). */
  historyBars?: number;
  seed?: number;
  /**
   * What carries the `rate`: the options screen's `kline` (default), or `depth`: 150-level
   * depth.step0 books, the spot screen's order book and depth chart, with the kline
   * history still sent first.
   */
  feed?: 'kline' | 'depth';
}

interface Bar {
  id: number;
  open: number;
  high: number;
  low: number;
  close: number;
  amount: number;
  vol: number;
  count: number;
}

/** The session as NDJSON lines `{dir, t, opcode, frame}`. */
/** A 150-level book a side around `price`, sizes from `random` (the bench's depth pushes). */
function depthTick(price: number, random: () => number, t: number) {
  const side = (sign: 1 | -1) =>
    Array.from({ length: 150 }, (_, i) => [round(price + sign * (0.01 + i * 0.37), 2), round(random() * 3 + 0.001, 6)]);
  return { bids: side(-1), asks: side(1), version: Math.round(t * 1000), ts: Math.round(t * 1000) };
}

export function benchSession({
  symbol,
  seconds,
  rate = 50,
  historyBars = 200,
  seed = 7,
  feed = 'kline',
}: SessionOptions): string {
  const random = prng(seed);
  const pushes: { t: number; line: string }[] = [];
  const push = (t: number, ch: string, tick: object): void => {
    pushes.push({
      t,
      line: JSON.stringify({
        dir: 'server->client',
        t,
        opcode: 'binary(gzip)',
        frame: JSON.stringify({ ch, ts: Math.round(t * 1000), tick }),
      }),
    });
  };
  const kline = `market.${symbol}.kline.1day`;

  let price = 30_000;
  for (let day = historyBars; day >= 1; day--) {
    const open = price;
    price = round(price * (1 + (random() - 0.5) * 0.06), 2);
    const high = round(Math.max(open, price) * (1 + random() * 0.02), 2);
    const low = round(Math.min(open, price) * (1 - random() * 0.02), 2);
    push(START, kline, {
      id: TODAY - day * DAY_S,
      open,
      high,
      low,
      close: price,
      amount: 12_000.5,
      vol: 3.6e8,
      count: 250_000,
    });
  }

  const bar: Bar = { id: TODAY, open: price, high: price, low: price, close: price, amount: 0, vol: 0, count: 0 };
  let tradeId = 5_000_000;
  for (let second = 0; second < seconds; second++) {
    for (let i = 0; i < rate; i++) {
      const t = START + second + i / rate;
      // Each push carries one more trade's worth of change to today's bar, as HTX's kline does.
      price = round(price * (1 + (random() - 0.5) * 0.0004), 2);
      const amount = round(random() * 0.5 + 0.0001, 6);
      bar.high = Math.max(bar.high, price);
      bar.low = Math.min(bar.low, price);
      bar.close = price;
      bar.amount = round(bar.amount + amount, 6);
      bar.vol = round(bar.vol + amount * price, 6);
      bar.count++;
      if (feed === 'depth') push(t, `market.${symbol}.depth.step0`, depthTick(price, random, t));
      else push(t, kline, { ...bar });
    }
    const t = START + second + 0.5 / rate;
    push(t, `market.${symbol}.detail`, {
      id: second,
      low: bar.low,
      high: bar.high,
      open: bar.open,
      close: price,
      vol: round(bar.vol, 6),
      amount: round(bar.amount, 6),
      version: second,
      count: bar.count,
    });
    push(t, `market.${symbol}.bbo`, {
      seqId: second,
      ask: round(price + 0.01, 2),
      askSize: 1.25,
      bid: price,
      bidSize: 0.75,
      quoteTime: Math.round(t * 1000),
      symbol,
    });
    for (const half of [0, 0.5]) {
      tradeId++;
      const trade = {
        id: Number(`${tradeId}0000000000000`),
        ts: Math.round((t + half) * 1000),
        tradeId,
        amount: 0.01,
        price,
        direction: half ? 'sell' : 'buy',
      };
      push(t + half, `market.${symbol}.trade.detail`, { id: tradeId, ts: trade.ts, data: [trade] });
    }
  }
  // The transcript must be in time order; the side pushes above interleave with the kline ones.
  pushes.sort((a, b) => a.t - b.t);
  const connect = JSON.stringify({ dir: 'connect', t: START, url: 'ws://bench/ws' });
  return `${[connect, ...pushes.map((p) => p.line)].join('\n')}\n`;
}
