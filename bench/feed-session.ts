/**
 * A deterministic market session for the bench, in the transcript format the feed replays
 * (FEED_SOURCE=replay): one symbol at exactly `rate` messages per second, evenly spaced. Per second
 * at 50 msg/s: 1 depth.step0 snapshot (150 levels a side), 5 kline, 4 detail and 40 trade.detail
 * pushes (1-3 trades each). Replaying it at speed N gives N times the rate with the same messages,
 * so the 50 and 250 msg/s runs are comparable.
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

export interface SessionOptions {
  symbol: string;
  seconds: number;
  /** Messages per second in the recording. */
  rate?: number;
  seed?: number;
}

/** The session as NDJSON lines `{dir, t, opcode, frame}`. */
export function benchSession({ symbol, seconds, rate = 50, seed = 7 }: SessionOptions): string {
  const random = prng(seed);
  const start = 1_700_000_040; // a minute boundary, seconds
  let price = 30_000;
  let tradeId = 5_000_000;
  let bar = { id: start, open: price, high: price, low: price, close: price, amount: 0, vol: 0, count: 0 };
  const lines: string[] = [JSON.stringify({ dir: 'connect', t: start, url: 'ws://bench/ws' })];
  const total = seconds * rate;
  for (let i = 0; i < total; i++) {
    const t = start + i / rate;
    const ms = Math.round(t * 1000);
    price = round(price * (1 + (random() - 0.5) * 0.0004), 2);
    const barId = start + Math.floor((t - start) / 60) * 60;
    if (barId !== bar.id) bar = { id: barId, open: price, high: price, low: price, close: price, amount: 0, vol: 0, count: 0 };
    const slot = i % 50;
    let frame: string;
    if (slot === 0) {
      const side = (sign: number) =>
        Array.from({ length: 150 }, (_, level) => [round(price + sign * (0.01 + level * 0.5), 2), round(random() * 3, 6)]);
      frame = JSON.stringify({ ch: `market.${symbol}.depth.step0`, ts: ms, tick: { bids: side(-1), asks: side(1), version: i, ts: ms } });
    } else if (slot % 10 === 5) {
      frame = JSON.stringify({ ch: `market.${symbol}.kline.1min`, ts: ms, tick: { ...bar } });
    } else if (slot === 1 || slot === 13 || slot === 26 || slot === 38) {
      frame = JSON.stringify({
        ch: `market.${symbol}.detail`,
        ts: ms,
        tick: { id: i, low: round(price * 0.97, 2), high: round(price * 1.03, 2), open: 30_000, close: price, vol: 1.5e8, amount: 5000.5, version: i, count: 9000 + i },
      });
    } else {
      const n = 1 + Math.floor(random() * 3);
      const data = Array.from({ length: n }, () => {
        const amount = round(random() * 0.5 + 0.0001, 6);
        bar.high = Math.max(bar.high, price);
        bar.low = Math.min(bar.low, price);
        bar.close = price;
        bar.amount = round(bar.amount + amount, 6);
        bar.vol = round(bar.vol + amount * price, 6);
        bar.count++;
        tradeId++;
        return { id: Number(`${tradeId}0000000000000`), ts: ms, tradeId, amount, price, direction: random() < 0.5 ? 'buy' : 'sell' };
      }).reverse();
      frame = JSON.stringify({ ch: `market.${symbol}.trade.detail`, ts: ms, tick: { id: tradeId, ts: ms, data } });
    }
    lines.push(JSON.stringify({ dir: 'server->client', t, opcode: 'binary(gzip)', frame }));
  }
  return `${lines.join('\n')}\n`;
}
