/**
 * Tap latency on the order forms of the options and the spot screen during a 250 msg/s feed
 * (docs/performance.md#tap-latency). Taps (touch, the phone context has `hasTouch`) the real controls in the
 * order a customer does (OPTIONS_TAPS, SPOT_TAPS), never sending an order. Each tap waits for
 * its visible result, then a pause, so interactions never overlap. The page measures itself with
 * the Event Timing API; each tap's latency is the longest `duration` of its pointerdown, pointerup
 * and click (and first-input) entries. Targets and results are read with `page.evaluate` polling,
 * never a Playwright locator, whose waits poll inside the very frames being timed (open-page.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { mobileContext } from '../playwright.config.ts';
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
  /** At least this many taps per screen (whole rounds of its script). */
  taps: number;
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
  medianMs: number;
  maxMs: number;
  /** Socket frames per second the engine received while tapping: the feed really ran at 250 msg/s. */
  feedFramesPerS: number;
  /** Entries seen per event name, a check that taps produced pointer and click events. */
  entryNames: Record<string, number>;
  /** Per tap, its slowest entry's parts (null when unreported). */
  details: (TapDetail | null)[];
  /** Where the slowest tenth of the taps spent their time, on average. */
  slowestTenth: TapBreakdown;
}

/** Mean parts of a group of taps (unreported taps have none and are left out of the means). */
export interface TapBreakdown {
  taps: number;
  durationMs: number;
  inputDelayMs: number;
  processingMs: number;
  presentationMs: number;
}

/** The slowest tenth of the taps (at least one) and the mean of each part of their slowest entries. */
export function slowestTenth(samples: readonly number[], details: readonly (TapDetail | null)[]): TapBreakdown {
  const order = samples.map((ms, index) => ({ ms, detail: details[index] ?? null })).sort((a, b) => b.ms - a.ms);
  const slow = order.slice(0, Math.max(1, Math.ceil(samples.length / 10)));
  const reported = slow.flatMap(({ detail }) => (detail ? [detail] : []));
  const mean = (pick: (detail: TapDetail) => number) =>
    reported.length ? round(reported.reduce((sum, detail) => sum + pick(detail), 0) / reported.length) : 0;
  return {
    taps: slow.length,
    durationMs: round(slow.reduce((sum, { ms }) => sum + ms, 0) / slow.length),
    inputDelayMs: mean((detail) => detail.inputDelayMs),
    processingMs: mean((detail) => detail.processingMs),
    presentationMs: mean((detail) => detail.presentationMs),
  };
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

/**
 * Before each tap (returns the page's clock): a promise that settles once the tap's click has been
 * handled and the frame it changed painted. The bench polls for the tap's result only after it: a
 * poll is a task of the page's main thread, and one sent as the finger lifts would often run between
 * the release and the click (the browser makes the click after the release's round trip) and be
 * timed as the tap's own input delay.
 */
const ARM_TAP = `(() => {
  window.__tapSettled = new Promise((resolve) =>
    addEventListener('click', () => requestAnimationFrame(() => setTimeout(resolve, 0)), { once: true, capture: true }));
  return performance.now();
})()`;
const TAP_SETTLED = 'window.__tapSettled';

/** One touch tap at `point`, once the page has handled its click and painted; resolves with the page's clock before the tap. */
async function tapSettled(page: Page, point: { x: number; y: number }): Promise<number> {
  const start = (await page.evaluate(ARM_TAP)) as number;
  await page.touchscreen.tap(point.x, point.y);
  await Promise.race([page.evaluate(TAP_SETTLED), page.waitForTimeout(STEP_TIMEOUT_MS)]);
  return start;
}

/** A page expression (a string: tsx helpers do not exist in the page) for an element, or null. */
type ElementExpression = string;

/**
 * One tap and the page expression that turns true once the app shows its result. When the result
 * is a change (a stepped price), `before` is read just before the tap and `done` is built from it.
 */
export interface TapStep {
  target: ElementExpression;
  done: string | ((before: string) => string);
  before?: string;
}

/** A screen's taps: the steps of one round, in the order a customer makes them. */
export interface TapScript {
  name: string;
  /** How many steps one round has (every round has as many). */
  perRound: number;
  round(index: number): TapStep[];
}

const byTestId = (id: string): ElementExpression => `document.querySelector('[data-testid="${id}"]')`;
/** The `index`-th (modulo their count) of the elements matching `selector`. */
const nthOf = (selector: string, index: number): ElementExpression =>
  `((all) => all[${index} % all.length] ?? null)(document.querySelectorAll('${selector}'))`;
const shown = (element: ElementExpression): string =>
  `((el) => !!el && el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility !== 'hidden')(${element})`;
const pressed = (element: ElementExpression): string => `(${element})?.getAttribute('aria-pressed') === 'true'`;

/** The options form: open the picker, choose a duration and a quantity, confirm, Buy up, close the confirmation (never its Confirm: no order is placed). */
export const OPTIONS_TAPS: TapScript = {
  name: 'options',
  perRound: 6,
  round(index) {
    const picker = byTestId('option-picker');
    const confirm = byTestId('option-confirm');
    const duration = nthOf('[data-testid="option-picker"] [data-testid^="duration-"]', index);
    const quantity = nthOf('[data-testid="option-picker"] [data-testid^="quantity-"]', index);
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
  },
};

/**
 * The spot form: Sell then Buy (each clears the quantity), the price stepper up and down, Buy with
 * no quantity (the form answers with its message, so no order is placed), then a percent button
 * that fills the quantity from the balance.
 */
export const SPOT_TAPS: TapScript = {
  name: 'spot',
  perRound: 6,
  round() {
    const price = `(${byTestId('step-priceUp')})?.parentElement?.querySelector('input')`;
    const priceText = `String((${price})?.value)`;
    const quantity = `document.querySelector('[data-testid="quick-fill-25"]')?.closest('section')?.querySelectorAll('input')`;
    const quantityText = `String(((all) => all?.[all.length - 1]?.value)(${quantity}))`;
    const changed = (before: string) => `${priceText} !== ${JSON.stringify(before)}`;
    return [
      { target: byTestId('side-sell'), done: pressed(byTestId('side-sell')) },
      { target: byTestId('side-buy'), done: pressed(byTestId('side-buy')) },
      { target: byTestId('step-priceUp'), before: priceText, done: changed },
      { target: byTestId('step-priceDown'), before: priceText, done: changed },
      {
        target: byTestId('spot-submit'),
        done: `!!document.querySelector('[data-testid="quick-fill-25"]')?.closest('section')?.querySelector('[role="alert"]')`,
      },
      { target: byTestId('quick-fill-25'), done: `${quantityText} !== ''` },
    ];
  },
};

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

/**
 * Taps through `script`'s rounds, whole rounds until at least `taps` were made, each tap once the
 * page handled it and once its result shows, `gapMs` apart; returns the page's clock before each.
 */
export async function tapThrough(page: Page, script: TapScript, taps: number, gapMs: number): Promise<number[]> {
  const tapStarts: number[] = [];
  const rounds = Math.ceil(taps / script.perRound);
  for (let round = 0; round < rounds; round++) {
    for (const step of script.round(round)) {
      const point = await centreOf(page, step.target);
      const before = step.before === undefined ? '' : String(await page.evaluate(step.before));
      const done = typeof step.done === 'string' ? step.done : step.done(before);
      tapStarts.push(await tapSettled(page, point));
      if (!(await pollUntil(page, done, STEP_TIMEOUT_MS)))
        throw new Error(`no result within ${STEP_TIMEOUT_MS} ms of tapping ${step.target}: ${done}`);
      await page.waitForTimeout(gapMs);
    }
  }
  return tapStarts;
}

export async function measureTaps(
  browser: Browser,
  target: BenchPage,
  options: TapOptions,
  script: TapScript,
): Promise<TapFigures> {
  const { url } = target;
  const opened = await openBenchPage(browser, target, options.cpuThrottle, [EVENT_PROBE]);
  const { context, page } = opened;
  try {
    await page.waitForTimeout(options.warmupMs);
    const counts0 = await counters(page);
    const started = Date.now();
    const tapStarts = await tapThrough(page, script, options.taps, options.gapMs);
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
      medianMs: percentile(samples, 50),
      maxMs: Math.max(...samples),
      feedFramesPerS: (counts1.frames - counts0.frames) / elapsedS,
      entryNames,
      details,
      slowestTenth: slowestTenth(samples, details),
    };
  } finally {
    await context.close();
  }
}

/** The floor's page: one button whose click writes its text, no app, no stylesheet, no feed. */
const FLOOR_PAGE = `<!doctype html><meta name="viewport" content="width=device-width">
<button id="tap" style="width: 200px; height: 60px" onclick="this.textContent = String(Number(this.textContent) + 1)">0</button>`;

/**
 * What a tap costs on this host at this throttle before any app: the same phone context, throttle,
 * touch taps and Event Timing measure as measureTaps, on a bare page (FLOOR_PAGE), or on `url`, a
 * page with the same button (id `tap`, its text changing on each click), such as React's
 * (bench/pages/react-floor.html). The screens' tap figures read against it: what they add above it
 * is the app's.
 */
export async function measureTapFloor(
  browser: Browser,
  options: Pick<TapOptions, 'cpuThrottle' | 'taps' | 'gapMs'>,
  url?: string,
): Promise<{ taps: number; p98Ms: number; medianMs: number; unreported: number }> {
  const context = await browser.newContext(mobileContext);
  try {
    const page = await context.newPage();
    if (url) await page.goto(url);
    else await page.setContent(FLOOR_PAGE);
    await page.waitForFunction(() => document.getElementById('tap') !== null);
    // setContent writes into the blank page, which runs no init script: the probe goes in after
    // (its observers are buffered, so nothing is missed either way).
    await page.evaluate(EVENT_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
    const point = await centreOf(page, `document.getElementById('tap')`);
    const tapStarts: number[] = [];
    for (let tap = 0; tap < options.taps; tap++) {
      tapStarts.push(await tapSettled(page, point));
      await page.waitForTimeout(options.gapMs);
    }
    await page.waitForTimeout(1000);
    const { samples, unreported } = tapLatencies(tapStarts, await page.evaluate(() => window.__tapProbe.entries));
    return { taps: samples.length, p98Ms: percentile(samples, 98), medianMs: percentile(samples, 50), unreported };
  } finally {
    await context.close();
  }
}
