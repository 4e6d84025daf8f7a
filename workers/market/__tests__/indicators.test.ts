import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, rsi, sma, type Series } from '../studies/indicators.ts';

/**
 * Reference series: the worked examples of StockCharts' ChartSchool ("Moving Averages" with its
 * 10-day SMA and EMA table, and "Relative Strength Index" with Wilder's 14-day RSI table), whose
 * published values are rounded to 2 decimals.
 */
const MA_CLOSES = [
  22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39, 22.38, 22.61, 23.36, 24.05, 23.75,
  23.83, 23.95, 23.63, 23.82, 23.87, 23.65, 23.19, 23.1, 23.33, 22.68, 23.1, 22.4, 22.17,
];
const MA_SMA10 = [
  22.22, 22.21, 22.23, 22.26, 22.31, 22.42, 22.61, 22.77, 22.91, 23.08, 23.21, 23.38, 23.53, 23.65, 23.71, 23.69, 23.61,
  23.51, 23.43, 23.28, 23.13,
];
const MA_EMA10 = [
  22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.54, 23.47, 23.4, 23.39,
  23.26, 23.23, 23.08, 22.92,
];

const RSI_CLOSES = [
  44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328, 45.614,
  46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439, 46.2122, 46.2521, 45.7137, 46.4515, 45.7835, 45.3531,
  44.0288, 44.1783, 44.2181, 44.5672, 43.4205, 42.6628, 43.1314,
];
const RSI_14 = [
  70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3,
  33.08, 37.77,
];

/**
 * Each value within `tolerance` of the published one: the tables print 2 decimals of values
 * computed from closes they also print rounded (2 decimals for the averages, 4 for the RSI), so a
 * value on a rounding edge prints a cent apart (one RSI value, 50.42 against 50.407, by 0.013).
 */
function expectNear(series: Series, from: number, published: number[], tolerance = 0.0101): void {
  const values = series.slice(from);
  expect(values).toHaveLength(published.length);
  values.forEach((value, i) =>
    expect(Math.abs((value as number) - (published[i] as number)), `value ${from + i}`).toBeLessThanOrEqual(tolerance),
  );
}

describe('chart indicators against reference series', () => {
  it('10-day SMA and EMA match the published table', () => {
    const s = sma(MA_CLOSES, 10);
    const e = ema(MA_CLOSES, 10);
    expect(s.slice(0, 9).every((v) => v === null)).toBe(true);
    expectNear(s, 9, MA_SMA10);
    expect(e.slice(0, 9).every((v) => v === null)).toBe(true);
    expectNear(e, 9, MA_EMA10);
  });

  it("Wilder's 14-day RSI matches the published table", () => {
    const { value } = rsi(RSI_CLOSES, 14);
    expect(value.slice(0, 14).every((v) => v === null)).toBe(true);
    expectNear(value, 14, RSI_14, 0.015);
  });

  it('Bollinger bands are the 20-bar average ± 2 population deviations; MACD is EMA12 − EMA26 with an EMA9 signal', () => {
    const closes = [...RSI_CLOSES, ...MA_CLOSES.map((v) => v * 2)];
    const bands = bollinger(closes, 20, 2);
    for (let i = 19; i < closes.length; i++) {
      const window = closes.slice(i - 19, i + 1);
      const mean = window.reduce((a, b) => a + b, 0) / 20;
      const deviation = Math.sqrt(window.reduce((a, b) => a + (b - mean) ** 2, 0) / 20);
      expect(bands.mid[i]).toBeCloseTo(mean, 10);
      expect(bands.upper[i]).toBeCloseTo(mean + 2 * deviation, 10);
      expect(bands.lower[i]).toBeCloseTo(mean - 2 * deviation, 10);
    }
    expect(bands.upper[18]).toBeNull();

    const m = macd(closes);
    const fast = ema(closes, 12);
    const slow = ema(closes, 26);
    for (let i = 0; i < closes.length; i++) {
      if (i < 25) expect(m.macd[i]).toBeNull();
      else expect(m.macd[i]).toBeCloseTo((fast[i] as number) - (slow[i] as number), 10);
    }
    const signal = ema(m.macd, 9);
    expect(m.signal[32]).toBeNull();
    expect(m.signal[33]).toBeCloseTo((m.macd.slice(25, 34) as number[]).reduce((a, b) => a + b, 0) / 9, 10);
    for (let i = 33; i < closes.length; i++) {
      expect(m.signal[i]).toBeCloseTo(signal[i] as number, 10);
      expect(m.histogram[i]).toBeCloseTo((m.macd[i] as number) - (signal[i] as number), 10);
    }
  });

  it('recomputing only from a live bar gives the same values as a full computation', () => {
    const closes = [...RSI_CLOSES, ...MA_CLOSES];
    const full = { s: sma(closes, 10), m: macd(closes), r: rsi(closes, 14), b: bollinger(closes, 20, 2) };
    const live = closes.slice();
    const partial = { s: sma(live, 10), m: macd(live), r: rsi(live, 14), b: bollinger(live, 20, 2) };
    // The last bar changes twice (a live bar), then a new bar opens.
    for (const close of [closes.at(-1)! + 0.7, closes.at(-1)! - 0.3]) {
      live[live.length - 1] = close;
      const from = live.length - 1;
      sma(live, 10, partial.s, from);
      macd(live, 12, 26, 9, from, partial.m);
      rsi(live, 14, from, partial.r);
      bollinger(live, 20, 2, from, partial.b);
    }
    live.push(41.5);
    const from = live.length - 1;
    sma(live, 10, partial.s, from);
    macd(live, 12, 26, 9, from, partial.m);
    rsi(live, 14, from, partial.r);
    bollinger(live, 20, 2, from, partial.b);
    const again = { s: sma(live, 10), m: macd(live), r: rsi(live, 14), b: bollinger(live, 20, 2) };
    expect(partial.s).toEqual(again.s);
    expect(partial.m.histogram).toEqual(again.m.histogram);
    expect(partial.r.value).toEqual(again.r.value);
    expect(partial.b.upper).toEqual(again.b.upper);
    expect(full.s.length).toBe(closes.length);
  });
});
