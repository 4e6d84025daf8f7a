/**
 * CPU calibration (docs/performance.md#cpu-calibration): instead of a fixed throttle, the bench finds
 * the rate at which this host's Chromium scores the target benchmark index (Lighthouse's own
 * measure), the way Chrome DevTools calibrates its CPU throttling, so figures taken on a fast
 * developer machine and on a slower CI runner describe the same low-end phone.
 */
import type { Browser } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { percentile } from './stats.ts';

/** About what a 4x throttle gave on the 2-core bench host: a low-end phone. */
export const DEFAULT_TARGET_INDEX = 400;

export interface CalibrationOptions {
  target: number;
  /** The slowest and fastest throttle tried (Chromium takes any rate ≥ 1). */
  lowRate: number;
  highRate: number;
  /** How close to the target the index must come, as a fraction of it. */
  tolerance: number;
  /** At most this many measurements after the first (each, three pages' runs of the index, takes a few seconds). */
  maxSteps: number;
}

export interface Calibration {
  /** The rate chosen, to one decimal. */
  rate: number;
  /** The index measured at that rate. */
  index: number;
  /** Whether that index is within the tolerance; false when the host is too slow even unthrottled, or the steps ran out. */
  met: boolean;
  /** Every measurement, in order: what the choice rests on. */
  steps: { rate: number; index: number }[];
}

export const CALIBRATION_DEFAULTS: CalibrationOptions = {
  target: DEFAULT_TARGET_INDEX,
  lowRate: 1,
  highRate: 30,
  tolerance: 0.05,
  maxSteps: 8,
};

const roundRate = (rate: number): number => Math.round(rate * 10) / 10;

/**
 * Bisects the throttle rate until `measure(rate)` (the benchmark index at that rate, which falls as
 * the rate rises) lands within the tolerance of the target. Bisects on a log scale, since the
 * index is about inversely proportional to the rate. Returns the closest rate measured.
 */
export async function calibrateThrottle(
  measure: (rate: number) => Promise<number>,
  options: Partial<CalibrationOptions> = {},
): Promise<Calibration> {
  const { target, lowRate, highRate, tolerance, maxSteps } = { ...CALIBRATION_DEFAULTS, ...options };
  const steps: { rate: number; index: number }[] = [];
  const within = (index: number) => Math.abs(index - target) <= target * tolerance;
  const take = async (rate: number) => {
    const index = await measure(rate);
    steps.push({ rate, index });
    return index;
  };
  const closest = (): Calibration => {
    const best = steps.reduce((a, b) => (Math.abs(b.index - target) < Math.abs(a.index - target) ? b : a));
    return { rate: best.rate, index: best.index, met: within(best.index), steps };
  };

  // A host at or below the target unthrottled cannot be slowed to it from above: run unthrottled.
  const unthrottled = await take(lowRate);
  if (unthrottled <= target || within(unthrottled)) return closest();
  let low = lowRate;
  let high = highRate;
  for (let i = 0; i < maxSteps; i++) {
    const rate = roundRate(Math.sqrt(low * high));
    if (steps.some((step) => step.rate === rate)) break;
    const index = await take(rate);
    if (within(index)) break;
    if (index > target) low = rate;
    else high = rate;
  }
  return closest();
}

/**
 * Lighthouse's benchmark index of a blank page in `browser` with the main thread throttled `rate`
 * times: the median of `samples` pages. One run is noisy (a host once scored 219 at 4.4x and 444 at
 * 3.6x), which sent the bisection the wrong way; and each run is a fresh page, as Lighthouse takes
 * it, since runs repeated in one page score about twice as high once the code is optimised.
 */
export async function measureBenchmarkIndex(browser: Browser, rate: number, samples = 3): Promise<number> {
  const indexes: number[] = [];
  for (let i = 0; i < samples; i++) indexes.push(await benchmarkIndexOnce(browser, rate));
  return percentile(indexes, 50);
}

async function benchmarkIndexOnce(browser: Browser, rate: number): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const source = pageFunctions.computeBenchmarkIndex.toString();
    return (await page.evaluate(`(${source})()`)) as number;
  } finally {
    await context.close();
  }
}
