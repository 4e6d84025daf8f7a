/**
 * Measures one page in headless Chromium with the main thread throttled 4x (DESIGN.md §8):
 * main-thread busy time (CDP Performance.getMetrics TaskDuration), frames per second and the p95
 * frame interval (a requestAnimationFrame probe), long tasks (PerformanceObserver) and the
 * engine→UI messages per second, over a fixed window after a warm-up.
 */
import type { Browser, Page } from 'playwright-core';
import { mobileContext } from '../playwright.config.ts';

export interface PageFigures {
  url: string;
  busyMsPerS: number;
  fps: number;
  frameP95Ms: number;
  longTasks: number;
  uiMessagesPerS: number;
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
    __referenceStats?: { messages: number };
    __marketEngine?: { stats(): Promise<{ batches: number }> };
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

async function uiMessages(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (window.__referenceStats) return window.__referenceStats.messages;
    return window.__marketEngine ? (await window.__marketEngine.stats()).batches : 0;
  });
}

export async function measurePage(browser: Browser, url: string, options: MeasureOptions): Promise<PageFigures> {
  const context = await browser.newContext(mobileContext);
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript({ content: PROBE });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
    await cdp.send('Performance.enable');
    await page.goto(url);
    await page
      .waitForFunction(() => document.querySelectorAll('.bids li').length >= 20 && document.querySelectorAll('.tape li span:not(:empty)').length >= 10, null, {
        timeout: 30_000,
      })
      .catch((error: unknown) => {
        throw new Error(`${url}: the book and tape never filled (${errors.join('; ') || String(error)})`);
      });
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
    const messages0 = await uiMessages(page);
    const busy0 = await taskSeconds();
    const started = Date.now();
    await page.waitForTimeout(options.windowMs);
    const busy1 = await taskSeconds();
    const elapsedS = (Date.now() - started) / 1000;
    const probe = await page.evaluate(() => ({ ...window.__probe }));
    const messages1 = await uiMessages(page);
    if (errors.length) throw new Error(`${url}: page errors: ${errors.join('; ')}`);
    const sorted = [...probe.intervals].sort((a, b) => a - b);
    return {
      url,
      busyMsPerS: ((busy1 - busy0) * 1000) / elapsedS,
      fps: probe.frames / elapsedS,
      frameP95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN,
      longTasks: probe.longTasks,
      uiMessagesPerS: (messages1 - messages0) / elapsedS,
    };
  } finally {
    await context.close();
  }
}
