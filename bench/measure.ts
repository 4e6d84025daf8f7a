/**
 * Measures one page in headless Chromium with the main thread throttled 4x (DESIGN.md §8):
 * main-thread busy time (CDP Performance.getMetrics TaskDuration), frames per second and the p95
 * frame interval (a requestAnimationFrame probe), long tasks (PerformanceObserver), the
 * engine→UI messages and the socket frames received per second, over a fixed window after the
 * page shows live data and a warm-up.
 */
import type { Browser, Page } from 'playwright-core';
import { assertNoPageErrors, openBenchPage, type BenchPage } from './open-page.ts';

export type { BenchPage } from './open-page.ts';

export interface PageFigures {
  url: string;
  busyMsPerS: number;
  fps: number;
  frameP95Ms: number;
  longTasks: number;
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
  last: number;
}

declare global {
  interface Window {
    __probe: Probe;
    __referenceStats?: { messages: number; frames: number };
    __marketEngine?: { stats(): Promise<{ batches: number; frames: number }> };
  }
}

/**
 * Counts frames and long tasks from the first script on. A string, not a function: tsx compiles
 * functions with helpers (`__name`) that do not exist in the page.
 */
const PROBE = `
  const probe = { frames: 0, intervals: [], longTasks: 0, last: 0 };
  window.__probe = probe;
  const loop = (time) => {
    if (probe.last) probe.intervals.push(time - probe.last);
    probe.last = time;
    probe.frames++;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  new PerformanceObserver((list) => { probe.longTasks += list.getEntries().length; }).observe({ type: 'longtask' });
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
      window.__probe.frames = 0;
      window.__probe.intervals = [];
      window.__probe.longTasks = 0;
    });
    const counts0 = await counters(page);
    const busy0 = await taskSeconds();
    const started = Date.now();
    await page.waitForTimeout(options.windowMs);
    const busy1 = await taskSeconds();
    const elapsedS = (Date.now() - started) / 1000;
    const probe = await page.evaluate(() => ({ ...window.__probe }));
    const counts1 = await counters(page);
    assertNoPageErrors(opened, url);
    const sorted = [...probe.intervals].sort((a, b) => a - b);
    return {
      url,
      busyMsPerS: ((busy1 - busy0) * 1000) / elapsedS,
      fps: probe.frames / elapsedS,
      frameP95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN,
      longTasks: probe.longTasks,
      uiMessagesPerS: (counts1.messages - counts0.messages) / elapsedS,
      feedFramesPerS: (counts1.frames - counts0.frames) / elapsedS,
    };
  } finally {
    await context.close();
  }
}
