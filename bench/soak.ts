/**
 * The soak (docs/performance.md#long-tasks-and-frames): the options screen under a long replay at 50 msg/s, main thread
 * throttled. Counts long tasks (≥ 50 ms) from the first render with data on, takes the p95 frame
 * interval from requestAnimationFrame timestamps, and at every full minute forces a full garbage
 * collection (the page's `gc()`, exposed by SOAK_BROWSER_ARGS) and reads the JS heap
 * (Runtime.getHeapUsage) and the DOM counters (Memory.getDOMCounters). The forced collections are
 * the bench's own work: long tasks and frame intervals that overlap one are left out (and counted
 * apart).
 *
 * Not CDP's HeapProfiler.collectGarbage: that is V8's low-memory notification, which also throws
 * away compiled code, so the chart ran cold (2-4x slower paints) for about two seconds after every
 * sample and the soak counted those paints as the app's long tasks.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { assertNoPageErrors, openBenchPage, type BenchPage } from './open-page.ts';
import { longFrameObserver, type LongFrame } from './long-frames.ts';
import { percentile } from './stats.ts';

/** Chromium flags the soak needs: `gc()` in the page, a full collection that keeps compiled code. */
export const SOAK_BROWSER_ARGS = ['--js-flags=--expose-gc'];

export interface SoakOptions {
  cpuThrottle: number;
  minutes: number;
}

export interface SoakSample {
  /** Minutes since the first render. */
  minute: number;
  heapUsedBytes: number;
  domNodes: number;
  jsEventListeners: number;
}

export interface SoakFigures {
  url: string;
  minutes: number;
  longTasks: number;
  /** Each counted long task: seconds after the first render, its length in ms, and the long frame it fell in (what ran). */
  longTaskList: { atS: number; ms: number; frame: LongFrame | undefined }[];
  frameP95Ms: number;
  frames: number;
  samples: SoakSample[];
  /** Heap after GC at the last sample over the first (minute 1); NaN with fewer than two samples. */
  heapRatio: number;
  domNodesRatio: number;
  /** Long tasks and frame intervals dropped because a forced GC ran during them. */
  excludedForGc: { longTasks: number; frameIntervals: number };
}

interface Span {
  start: number;
  end: number;
}

declare global {
  interface Window {
    __soak: { frames: number[]; longTasks: [number, number][]; longFrames: LongFrame[] };
  }
}

/**
 * Frame timestamps, long tasks (start, duration) and long animation frames from the first script
 * on. The bench drains them every minute, so the probe's own arrays do not grow the heap it
 * measures. A string: tsx helpers do not exist in the page.
 */
const SOAK_PROBE = `
  const soak = { frames: [], longTasks: [], longFrames: [] };
  window.__soak = soak;
  const loop = (time) => { soak.frames.push(time); requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) soak.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  ${longFrameObserver('soak.longFrames')}`;

const overlaps = (a: Span, spans: readonly Span[]): boolean => spans.some((b) => a.start < b.end && b.start < a.end);

/** Frame intervals (ms) between consecutive rAF timestamps, leaving out those that overlap `excluded`. */
export function frameIntervals(
  timestamps: readonly number[],
  excluded: readonly Span[],
): { intervals: number[]; dropped: number } {
  const intervals: number[] = [];
  let dropped = 0;
  for (let i = 1; i < timestamps.length; i++) {
    const span = { start: timestamps[i - 1] as number, end: timestamps[i] as number };
    if (overlaps(span, excluded)) dropped++;
    else intervals.push(span.end - span.start);
  }
  return { intervals, dropped };
}

async function drain(
  page: Page,
): Promise<{ frames: number[]; longTasks: [number, number][]; longFrames: LongFrame[] }> {
  return page.evaluate(() => {
    const { frames, longTasks, longFrames } = window.__soak;
    window.__soak.frames = [];
    window.__soak.longTasks = [];
    window.__soak.longFrames = [];
    return { frames, longTasks, longFrames };
  });
}

/** In the page: a full collection, or a clear error when Chromium was started without SOAK_BROWSER_ARGS. */
function fullGc(): void {
  const { gc } = globalThis as { gc?: () => void };
  if (typeof gc !== 'function')
    throw new Error('the soak needs Chromium started with --js-flags=--expose-gc (SOAK_BROWSER_ARGS)');
  gc();
}

/** Forces a full GC, then reads the heap and DOM counters; returns the GC's span in page time. */
async function sampleAfterGc(page: Page, cdp: CDPSession, minute: number): Promise<{ sample: SoakSample; gc: Span }> {
  const start = await page.evaluate(() => performance.now());
  await page.evaluate(fullGc);
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const end = await page.evaluate(() => performance.now());
  return {
    sample: { minute, heapUsedBytes: heap.usedSize, domNodes: dom.nodes, jsEventListeners: dom.jsEventListeners },
    gc: { start, end },
  };
}

export async function soakPage(browser: Browser, target: BenchPage, options: SoakOptions): Promise<SoakFigures> {
  const { url } = target;
  const opened = await openBenchPage(browser, target, options.cpuThrottle, [SOAK_PROBE]);
  const { context, page, cdp, renderedAt } = opened;
  try {
    const gcSpans: Span[] = [];
    const timestamps: number[] = [];
    const longTasks: [number, number][] = [];
    const longFrames: LongFrame[] = [];
    const samples: SoakSample[] = [];
    const collect = async (): Promise<void> => {
      const drained = await drain(page);
      // The frame before the first render with data belongs to the page's load, not to the soak.
      timestamps.push(...drained.frames.filter((time) => time >= renderedAt));
      longTasks.push(...drained.longTasks.filter(([start]) => start >= renderedAt));
      longFrames.push(...drained.longFrames.filter(({ start }) => start >= renderedAt));
    };
    const totalMs = options.minutes * 60_000;
    for (let minute = 1; minute * 60_000 <= totalMs; minute++) {
      await waitUntil(page, renderedAt + minute * 60_000);
      await collect();
      const { sample, gc } = await sampleAfterGc(page, cdp, minute);
      samples.push(sample);
      gcSpans.push(gc);
    }
    await waitUntil(page, renderedAt + totalMs);
    // Long-task entries arrive after their task; let the last ones land.
    await page.waitForTimeout(500);
    await collect();
    assertNoPageErrors(opened, url);

    const counted = longTasks.filter(([start, duration]) => !overlaps({ start, end: start + duration }, gcSpans));
    const { intervals, dropped } = frameIntervals(timestamps, gcSpans);
    const first = samples[0];
    const last = samples[samples.length - 1];
    const twoSamples = first !== undefined && last !== undefined && samples.length >= 2;
    return {
      url,
      minutes: options.minutes,
      longTasks: counted.length,
      longTaskList: counted.map(([start, duration]) => ({
        atS: Number(((start - renderedAt) / 1000).toFixed(2)),
        ms: duration,
        frame: longFrames.find((frame) =>
          overlaps({ start, end: start + duration }, [{ start: frame.start, end: frame.start + frame.ms }]),
        ),
      })),
      frameP95Ms: percentile(intervals, 95),
      frames: timestamps.length,
      samples,
      heapRatio: twoSamples ? last.heapUsedBytes / first.heapUsedBytes : Number.NaN,
      domNodesRatio: twoSamples ? last.domNodes / first.domNodes : Number.NaN,
      excludedForGc: { longTasks: longTasks.length - counted.length, frameIntervals: dropped },
    };
  } finally {
    await context.close();
  }
}

/** Waits until the page's clock reaches `time` (ms, performance.now()). */
async function waitUntil(page: Page, time: number): Promise<void> {
  const now = await page.evaluate(() => performance.now());
  if (time > now) await page.waitForTimeout(time - now);
}
