/**
 * Measures one page in headless Chromium with the main thread throttled 4x (docs/performance.md#budgets), after
 * the page shows live data and a warm-up, in two windows of the same length:
 * 1. main-thread busy time (CDP Performance.getMetrics TaskDuration), engine→UI messages and socket
 *    frames received per second, with nothing of the bench's own running in the page;
 * 2. frames per second and the p95 frame interval, from a requestAnimationFrame probe.
 * The probe asks for a frame 60 times a second, which keeps the page rendering and costs the main
 * thread as much as the app's own work does at 50 msg/s; counted in window 1 it would be added to
 * every page alike and pull every busy-time ratio toward 1. Long tasks (PerformanceObserver) are
 * counted over both windows.
 */
import type { Browser, Page } from 'playwright-core';
import { longFrameObserver, type LongFrame } from './long-frames.ts';
import { assertNoPageErrors, openBenchPage, type BenchPage } from './open-page.ts';

export type { BenchPage } from './open-page.ts';

export interface PageFigures {
  url: string;
  busyMsPerS: number;
  fps: number;
  frameP95Ms: number;
  longTasks: number;
  /** The long animation frames of both windows: what ran when a long task came. */
  longFrames: LongFrame[];
  uiMessagesPerS: number;
  /** Socket frames the page's worker (or engine) received per second: the feed rate it really got. */
  feedFramesPerS: number;
}

export interface MeasureOptions {
  warmupMs: number;
  windowMs: number;
  cpuThrottle: number;
}

interface Probe {
  frames: number;
  intervals: number[];
  longTasks: number;
  longFrames: LongFrame[];
  last: number;
  /** Starts the requestAnimationFrame loop (it runs only in the frame window). */
  startFrames(): void;
}

declare global {
  interface Window {
    __probe: Probe;
    __referenceStats?: { messages: number; frames: number };
    __marketEngine?: { stats(): Promise<{ batches: number; frames: number }> };
  }
}

/**
 * Counts long tasks and records long animation frames from the first script on, and frames once
 * `startFrames()` runs. A string, not a function: tsx compiles functions with helpers (`__name`)
 * that do not exist in the page.
 */
const PROBE = `
  const loop = (time) => {
    if (probe.last) probe.intervals.push(time - probe.last);
    probe.last = time;
    probe.frames++;
    requestAnimationFrame(loop);
  };
  const probe = { frames: 0, intervals: [], longTasks: 0, longFrames: [], last: 0, startFrames: () => requestAnimationFrame(loop) };
  window.__probe = probe;
  new PerformanceObserver((list) => { probe.longTasks += list.getEntries().length; }).observe({ type: 'longtask' });
  ${longFrameObserver('probe.longFrames')}
`;

/**
 * Engine→UI messages and socket frames so far: the reference worker's posts and frames, or the
 * app engine's `batches` and `frames` counters (`engineStats()` of src/lib/engine-client.ts, exposed
 * as `__marketEngine.stats()`; one Comlink call, or one direct call with ?engine=main, per batch).
 */
export async function counters(page: Page): Promise<{ messages: number; frames: number }> {
  const count = await page.evaluate(async () => {
    if (window.__referenceStats) return { ...window.__referenceStats };
    if (!window.__marketEngine) return null;
    const stats = await window.__marketEngine.stats();
    return { messages: stats.batches, frames: stats.frames };
  });
  if (count === null) throw new Error(`${page.url()}: the page exposes no engine→UI message counter`);
  return count;
}

export async function measurePage(browser: Browser, target: BenchPage, options: MeasureOptions): Promise<PageFigures> {
  const { url } = target;
  const opened = await openBenchPage(browser, target, options.cpuThrottle, [PROBE]);
  const { context, page, cdp } = opened;
  try {
    await page.waitForTimeout(options.warmupMs);

    const taskSeconds = async (): Promise<number> => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
    };
    await page.evaluate(() => {
      window.__probe.longTasks = 0;
      window.__probe.longFrames = [];
    });
    const counts0 = await counters(page);
    const busy0 = await taskSeconds();
    const started = Date.now();
    await page.waitForTimeout(options.windowMs);
    const busy1 = await taskSeconds();
    const counts1 = await counters(page);
    const busyS = (Date.now() - started) / 1000;

    await page.evaluate(() => window.__probe.startFrames());
    const framesFrom = Date.now();
    await page.waitForTimeout(options.windowMs);
    const probe = await page.evaluate(() => ({ ...window.__probe }));
    const framesS = (Date.now() - framesFrom) / 1000;
    assertNoPageErrors(opened, url);
    const sorted = [...probe.intervals].sort((a, b) => a - b);
    return {
      url,
      busyMsPerS: ((busy1 - busy0) * 1000) / busyS,
      fps: probe.frames / framesS,
      frameP95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN,
      longTasks: probe.longTasks,
      longFrames: probe.longFrames,
      uiMessagesPerS: (counts1.messages - counts0.messages) / busyS,
      feedFramesPerS: (counts1.frames - counts0.frames) / busyS,
    };
  } finally {
    await context.close();
  }
}
