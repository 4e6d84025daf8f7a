/**
 * Chart indicators, computed in the market worker from the candles it holds: simple and
 * exponential moving averages, Bollinger bands, MACD and Wilder's RSI. Display values only (never
 * money), so they are doubles. Each series has one value per bar, null while the window is not yet
 * full. `from` lets a live bar recompute only the tail: values before it are kept as they were.
 */

export type Series = (number | null)[];

/** Simple moving average over `window` values. */
export function sma(values: readonly number[], window: number, out: Series = [], from = 0): Series {
  out.length = values.length;
  let sum = 0;
  const start = Math.max(0, from - window + 1);
  for (let i = start; i < values.length; i++) {
    sum += values[i] as number;
    if (i - start >= window) sum -= values[i - window] as number;
    if (i >= from) out[i] = i >= window - 1 ? sum / window : null;
  }
  return out;
}

/**
 * Exponential moving average with smoothing 2 / (window + 1), seeded with the simple average of
 * the first `window` values (the usual charting convention). Null values at the start are skipped:
 * the average starts `window` values after the first number.
 */
export function ema(values: readonly (number | null)[], window: number, out: Series = [], from = 0): Series {
  out.length = values.length;
  const k = 2 / (window + 1);
  let first = 0;
  while (first < values.length && values[first] === null) first++;
  const seedAt = first + window - 1;
  for (let i = Math.min(from, values.length); i < values.length; i++) {
    if (i < seedAt) out[i] = null;
    else if (i === seedAt) {
      let sum = 0;
      for (let j = first; j <= seedAt; j++) sum += values[j] as number;
      out[i] = sum / window;
    } else out[i] = ((values[i] as number) - (out[i - 1] as number)) * k + (out[i - 1] as number);
  }
  return out;
}

/** Bollinger bands: the `window` simple average and ± `width` population standard deviations. */
export function bollinger(
  closes: readonly number[],
  window: number,
  width: number,
  from = 0,
  out = { upper: [] as Series, mid: [] as Series, lower: [] as Series },
) {
  sma(closes, window, out.mid, from);
  for (const band of [out.upper, out.lower]) band.length = closes.length;
  for (let i = from; i < closes.length; i++) {
    const mid = out.mid[i];
    if (mid === null || mid === undefined) {
      out.upper[i] = null;
      out.lower[i] = null;
      continue;
    }
    let squares = 0;
    for (let j = i - window + 1; j <= i; j++) squares += ((closes[j] as number) - mid) ** 2;
    const deviation = Math.sqrt(squares / window);
    out.upper[i] = mid + width * deviation;
    out.lower[i] = mid - width * deviation;
  }
  return out;
}

/** MACD: EMA(fast) − EMA(slow) of the closes, its EMA(signal), and their difference (the histogram). */
export function macd(
  closes: readonly number[],
  fast = 12,
  slow = 26,
  signalWindow = 9,
  from = 0,
  out = { fast: [] as Series, slow: [] as Series, macd: [] as Series, signal: [] as Series, histogram: [] as Series },
) {
  ema(closes, fast, out.fast, from);
  ema(closes, slow, out.slow, from);
  out.macd.length = closes.length;
  for (let i = from; i < closes.length; i++) {
    const a = out.fast[i];
    const b = out.slow[i];
    out.macd[i] = a === null || b === null || a === undefined || b === undefined ? null : a - b;
  }
  // The signal's seed sits at a fixed bar (slow + signal − 2), so recomputing from `from` is exact.
  ema(out.macd, signalWindow, out.signal, from);
  out.histogram.length = closes.length;
  for (let i = from; i < closes.length; i++) {
    const m = out.macd[i];
    const s = out.signal[i];
    out.histogram[i] = m === null || s === null || m === undefined || s === undefined ? null : m - s;
  }
  return out;
}

/**
 * Wilder's RSI over `window` changes: the first average gain and loss are the simple averages of
 * the first `window` changes, later ones are smoothed as (previous × (window − 1) + current) / window.
 */
export function rsi(
  closes: readonly number[],
  window = 14,
  from = 0,
  out = { value: [] as Series, gain: [] as number[], loss: [] as number[] },
) {
  const n = closes.length;
  out.value.length = n;
  out.gain.length = n;
  out.loss.length = n;
  for (let i = Math.min(from, n); i < n; i++) {
    if (i < window) {
      out.value[i] = null;
      out.gain[i] = 0;
      out.loss[i] = 0;
      continue;
    }
    if (i === window) {
      let gain = 0;
      let loss = 0;
      for (let j = 1; j <= window; j++) {
        const change = (closes[j] as number) - (closes[j - 1] as number);
        if (change > 0) gain += change;
        else loss -= change;
      }
      out.gain[i] = gain / window;
      out.loss[i] = loss / window;
    } else {
      const change = (closes[i] as number) - (closes[i - 1] as number);
      out.gain[i] = ((out.gain[i - 1] as number) * (window - 1) + Math.max(change, 0)) / window;
      out.loss[i] = ((out.loss[i - 1] as number) * (window - 1) + Math.max(-change, 0)) / window;
    }
    const gain = out.gain[i] as number;
    const loss = out.loss[i] as number;
    out.value[i] = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
  return out;
}
