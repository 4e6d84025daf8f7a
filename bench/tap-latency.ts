/**
 * Tap latency on the options screen's order form during a 250 msg/s feed (docs/performance.md#tap-latency: event
 * duration p98 ≤ 100 ms). Taps (touch, the phone context has `hasTouch`) the real controls in the
 * order a customer does: the quantity-and-duration button, a duration, a quantity, Confirm, Buy up,
 * then Close on the order confirmation (never its Confirm: no order is placed). Each tap waits for
 * its visible result, then a pause, so interactions never overlap. The page measures itself with
 * the Event Timing API; each tap's latency is the longest `duration` of its pointerdown, pointerup
 * and click (and first-input) entries. Targets and results are read with `page.evaluate` polling,
 * never a Playwright locator, whose waits poll inside the very frames being timed (open-page.ts).
 */
import type { Browser } from 'playwright-core';
import { counters } from './measure.ts';
import { assertNoPageErrors, centreOf, openBenchPage, pollUntil, type BenchPage } from './open-page.ts';
import { percentile } from './stats.ts';

/** How long a tap may take to show its result before the run is void. */
const STEP_TIMEOUT_MS = 30_000;

/** The Event Timing API reports nothing shorter than this (its smallest allowed durationThreshold). */
export const EVENT_THRESHOLD_MS = 16;

export interface TapOptions {
  cpuThrottle: number;
  warmupMs: number;
  /** Rounds of six taps each. */
  rounds: number;
  /** Pause after a tap's visible result, before the next tap. */
  gapMs: number;
}

export interface TapFigures {
  url: string;
  taps: number;
  /** One latency per tap in ms; a tap the API did not report counts as EVENT_THRESHOLD_MS. */
  samples: number[];
  /** Taps with no entry at or above the threshold (counted as EVENT_THRESHOLD_MS). */
  unreported: number;
  p98Ms: number;
  maxMs: number;
  /** Socket frames per second the engine received while tapping: the feed really ran at 250 msg/s. */
  feedFramesPerS: number;
  /** Entries seen per event name, a check that taps produced pointer and click events. */
  entryNames: Record<string, number>;
  /** Per tap, its slowest entry's parts (null when unreported). */
  details: (TapDetail | null)[];
}

interface EventEntry {
  name: string;
  start: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

/** Where a tap's slowest entry spent its time: waiting for the main thread, in handlers, until the next paint. */
export interface TapDetail {
  name: string;
  durationMs: number;
  inputDelayMs: number;
  processingMs: number;
  presentationMs: number;
}

declare global {
  interface Window {
    __tapProbe: { entries: EventEntry[] };
  }
}

/** Collects Event Timing entries from the first script on (a string: tsx helpers do not exist in the page). */
const EVENT_PROBE = `
  const tapProbe = { entries: [] };
  window.__tapProbe = tapProbe;
  const names = new Set(['pointerdown', 'pointerup', 'click']);
  const keep = (list) => {
    for (const e of list.getEntries()) {
      if (e.entryType === 'first-input' || names.has(e.name)) tapProbe.entries.push({ name: e.name, start: e.startTime, duration: e.duration, processingStart: e.processingStart, processingEnd: e.processingEnd });
    }
  };
  new PerformanceObserver(keep).observe({ type: 'event', durationThreshold: ${EVENT_THRESHOLD_MS}, buffered: true });
  new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true });
`;

/** A page expression (a string: tsx helpers do not exist in the page) for an element, or null. */
type ElementExpression = string;

/** One tap and the page expression that turns true once the app shows its result. */
interface TapStep {
  target: ElementExpression;
  done: string;
}

const byTestId = (id: string): ElementExpression => `document.querySelector('[data-testid="${id}"]')`;
/** The `index`-th (modulo their count) of the elements matching `selector`. */
const nthOf = (selector: string, index: number): ElementExpression =>
  `((all) => all[${index} % all.length] ?? null)(document.querySelectorAll('${selector}'))`;
const shown = (element: ElementExpression): string =>
  `((el) => !!el && el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility !== 'hidden')(${element})`;
const pressed = (element: ElementExpression): string => `(${element})?.getAttribute('aria-pressed') === 'true'`;

/** The six taps of round `round`: open the picker, choose a duration and a quantity, confirm, Buy up, close the confirmation. */
function roundSteps(round: number): TapStep[] {
  const picker = byTestId('option-picker');
  const confirm = byTestId('option-confirm');
  const duration = nthOf('[data-testid="option-picker"] [data-testid^="duration-"]', round);
  const quantity = nthOf('[data-testid="option-picker"] [data-testid^="quantity-"]', round);
  return [
    { target: byTestId('selection-button'), done: shown(picker) },
    { target: duration, done: pressed(duration) },
    { target: quantity, done: pressed(quantity) },
    { target: byTestId('picker-confirm'), done: `!${shown(picker)}` },
    { target: byTestId('buy-up'), done: shown(confirm) },
    {
      target: `document.querySelector('[data-testid="option-confirm"] button[aria-label="Close"]')`,
      done: `!${shown(confirm)}`,
    },
  ];
}

/**
 * Each tap's latency: the longest entry that started in its window (from just before the tap to
 * just before the next). A tap with no entry was faster than the API's threshold: it counts as the
 * threshold, an upper bound, rather than being dropped (dropping fast taps would raise the p98).
 */
export function tapLatencies(
  tapStarts: readonly number[],
  entries: readonly EventEntry[],
): { samples: number[]; unreported: number; details: (TapDetail | null)[] } {
  const slowest = tapStarts.map((start, index) => {
    const end = tapStarts[index + 1] ?? Number.POSITIVE_INFINITY;
    const own = entries.filter((entry) => entry.start >= start && entry.start < end);
    return own.reduce<EventEntry | null>(
      (worst, entry) => (worst && worst.duration >= entry.duration ? worst : entry),
      null,
    );
  });
  return {
    samples: slowest.map((entry) => entry?.duration ?? EVENT_THRESHOLD_MS),
    unreported: slowest.filter((entry) => entry === null).length,
    details: slowest.map((entry) =>
      entry
        ? {
            name: entry.name,
            durationMs: entry.duration,
            inputDelayMs: round(entry.processingStart - entry.start),
            processingMs: round(entry.processingEnd - entry.processingStart),
            presentationMs: round(entry.start + entry.duration - entry.processingEnd),
          }
        : null,
    ),
  };
}

const round = (value: number): number => Number(value.toFixed(1));

export async function measureTaps(browser: Browser, target: BenchPage, options: TapOptions): Promise<TapFigures> {
  const { url } = target;
  const opened = await openBenchPage(browser, target, options.cpuThrottle, [EVENT_PROBE]);
  const { context, page } = opened;
  try {
    await page.waitForTimeout(options.warmupMs);
    const counts0 = await counters(page);
    const started = Date.now();
    const tapStarts: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      for (const step of roundSteps(round)) {
        const point = await centreOf(page, step.target);
        tapStarts.push(await page.evaluate(() => performance.now()));
        await page.touchscreen.tap(point.x, point.y);
        if (!(await pollUntil(page, step.done, STEP_TIMEOUT_MS)))
          throw new Error(`no result within ${STEP_TIMEOUT_MS} ms of tapping ${step.target}: ${step.done}`);
        await page.waitForTimeout(options.gapMs);
      }
    }
    // Event Timing entries arrive after the next paint; give the last tap's entries time to land.
    await page.waitForTimeout(1000);
    const counts1 = await counters(page);
    const elapsedS = (Date.now() - started) / 1000;
    const entries = await page.evaluate(() => window.__tapProbe.entries);
    assertNoPageErrors(opened, url);
    const { samples, unreported, details } = tapLatencies(tapStarts, entries);
    const entryNames: Record<string, number> = {};
    for (const entry of entries)
      if (entry.start >= (tapStarts[0] ?? 0)) entryNames[entry.name] = (entryNames[entry.name] ?? 0) + 1;
    return {
      url,
      taps: samples.length,
      samples,
      unreported,
      p98Ms: percentile(samples, 98),
      maxMs: Math.max(...samples),
      feedFramesPerS: (counts1.frames - counts0.frames) / elapsedS,
      entryNames,
      details,
    };
  } finally {
    await context.close();
  }
}
