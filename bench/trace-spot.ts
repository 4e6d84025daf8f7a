/**
 * Where the spot screen's main-thread time goes (`npm run bench:trace`): the bench's 250 msg/s
 * book session on a built app (`dist/`, `npm run build` first; `TRACE_DIST` names another build,
 * e.g. one made with `vite build --minify false` for readable function names), the screen opened
 * as `npm run bench` opens it, then a CDP trace of `TRACE_MS` (default 8000). Prints main-thread
 * self time by trace event (script, style, layout, paint, GC...) in ms and count per second.
 * `BENCH_CPU_THROTTLE` (default 4) sets the throttle; `TRACE_DEPTH=1` opens the depth chart;
 * `TRACE_HIDE` hides elements by CSS selector (`display: none`) to see what a part costs;
 * `TRACE_CSS` adds a style sheet (to try a change without a build); `TRACE_LAYOUT=1` lists the
 * first layouts with their dirty objects and layout roots; `TRACE_JS=1` adds a sampled JS profile
 * (its own start costs the page noticeably: compare runs with it only against runs with it).
 * It also counts the top-level tasks that made a frame, ran script, or neither: more frames than
 * batches a second means something drew again after a batch's frame.
 * `TRACE_TAPS=N` makes the trace at least N touch taps on the order form instead, as the tap bench
 * makes them (whole rounds of its spot steps, 400 ms apart), and adds where a tap's time goes
 * (tap-anatomy.ts); `TRACE_QUIET=1` slows the book to the tap bench's quiet 5 msg/s.
 * One run swings by a quarter on a shared host: compare several, interleaved.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from '../playwright.config.ts';
import { benchSession } from './feed-session.ts';
import { startFeedServer } from './feed-server.ts';
import { openBenchPage } from './open-page.ts';
import { demoToken } from './options-screen.ts';
import { spotScreen } from './spot-screen.ts';
import { tapAnatomy } from './tap-anatomy.ts';
import { SPOT_TAPS, tapThrough } from './tap-latency.ts';
import { selfTimes, tasksByKind, type TraceEvent } from './trace-summary.ts';

interface LayoutArgs {
  beginData?: { dirtyObjects?: number };
  endData?: { layoutRoots?: { nodeName: string }[] };
}

const TRACE_MS = Number(process.env.TRACE_MS ?? 8000);
const TAPS = Number(process.env.TRACE_TAPS ?? 0);
const TAP_GAP_MS = 400;
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
const SYMBOL = 'btcusdt';

const work = mkdtempSync(join(tmpdir(), 'bench-trace-'));
const sessionFile = join(work, 'depth-session.ndjson');
// Replayed at speed 5: 250 msg/s, or the tap bench's quiet 5.
const rate = process.env.TRACE_QUIET === '1' ? 1 : 50;
writeFileSync(sessionFile, benchSession({ symbol: SYMBOL, seconds: 240, rate, feed: 'depth' }));
const server = await startFeedServer(process.env.TRACE_DIST ?? join(process.cwd(), 'dist'), sessionFile, 5);
const browser = await chromium.launch(launchOptions);
try {
  const target = spotScreen(server.url, await demoToken(server.url), SYMBOL, process.env.TRACE_DEPTH === '1');
  const { page, cdp, context } = await openBenchPage(browser, target, THROTTLE, []);
  const extraCss = [
    process.env.TRACE_HIDE ? `${process.env.TRACE_HIDE} { display: none !important; }` : '',
    process.env.TRACE_CSS ?? '',
  ].join('\n');
  if (extraCss.trim()) {
    // A constructed sheet: the app's Content-Security-Policy refuses inline styles.
    await page.evaluate((selector) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(selector);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }, extraCss);
  }
  await page.waitForTimeout(3000);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  const profiling = process.env.TRACE_JS === '1';
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  }
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8',
    transferMode: 'ReportEvents',
  });
  if (profiling) await cdp.send('Profiler.start');
  const started = Date.now();
  if (TAPS > 0) await tapThrough(page, SPOT_TAPS, TAPS, TAP_GAP_MS);
  else await page.waitForTimeout(TRACE_MS);
  const seconds = (Date.now() - started) / 1000;
  const profile = profiling ? (await cdp.send('Profiler.stop')).profile : undefined;
  await cdp.send('Tracing.end');
  await done;
  if (process.env.TRACE_LAYOUT) {
    // Each layout's dirty objects and roots: a root other than #document is a relayout boundary at work.
    for (const layout of events.filter((event) => event.name === 'Layout' && event.ph === 'X').slice(0, 12)) {
      const { beginData, endData } = (layout.args ?? {}) as LayoutArgs;
      const roots = (endData?.layoutRoots ?? []).map((root) => root.nodeName.slice(0, 40));
      console.log(
        `layout ${((layout.dur ?? 0) / 1000).toFixed(1)} ms, ${beginData?.dirtyObjects} dirty: ${roots.join(' | ')}`,
      );
    }
  }
  if (TAPS > 0) printTapAnatomy(events);
  const { byEvent, counts, busy } = selfTimes(events);
  console.log(`throttle ${THROTTLE}x, ${seconds.toFixed(1)} s; main-thread busy ${(busy / seconds).toFixed(0)} ms/s`);
  console.log('\ntop-level tasks by kind (ms/s, count/s):');
  for (const [kind, { count, ms }] of tasksByKind(events))
    console.log(`  ${kind.padEnd(28)} ${(ms / seconds).toFixed(1).padStart(7)}  ${(count / seconds).toFixed(1)}`);
  console.log('\nself time by trace event (ms/s, count/s):');
  for (const [name, ms] of [...byEvent].sort((a, b) => b[1] - a[1]).slice(0, 18)) {
    console.log(
      `  ${name.padEnd(28)} ${(ms / seconds).toFixed(1).padStart(7)}  ${((counts.get(name) ?? 0) / seconds).toFixed(1)}`,
    );
  }
  if (profile) {
    // The JS profile: self time per function (file:line), sampled.
    const self = new Map<string, number>();
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      const frame = nodes.get(id)?.callFrame;
      if (!frame) return;
      const file = frame.url.split('/').pop() ?? '';
      const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
    });
    console.log('\nJS self time by function (ms/s):');
    for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      if (name.startsWith('(idle)') || name.startsWith('(program)')) continue;
      console.log(`  ${(ms / seconds).toFixed(1).padStart(7)}  ${name}`);
    }
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

function printTapAnatomy(events: readonly TraceEvent[]): void {
  const tap = tapAnatomy(events);
  const ms = (value: number) => value.toFixed(1);
  console.log(`${tap.taps} taps, mean ms a tap: the touch's task ${ms(tap.touchTaskMs)}; click's task`);
  console.log(
    `  ${ms(tap.clickTaskMs)} (p90 ${ms(tap.clickTaskP90Ms)}): before the click ${ms(tap.beforeClickMs)}, ` +
      `the click ${ms(tap.clickDispatchMs)}, after it ${ms(tap.afterClickMs)}; the frame after ${ms(tap.frameAfterMs)}`,
  );
  console.log("  the click's task by trace event (self ms a tap):");
  for (const [name, self] of [...tap.clickTaskByEvent].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`    ${name.padEnd(26)} ${ms(self).padStart(6)}`);
  console.log('');
}
