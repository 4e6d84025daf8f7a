/**
 * `npm run bench`: how developers profile frame time (docs/performance.md#budgets). Builds the app and
 * the bench pages, replays a deterministic market through the reference server at 50 and 250 msg/s
 * into headless Chromium (main thread throttled to the rate calibrated for this host,
 * docs/performance.md#cpu-calibration), measures the real options screen (logged in as the demo
 * user; worker engine), the same screen with the engine on the main thread, the minimal reference
 * page and the spot screen, times the worker's decoding in Node and its inflate paths in a worker of
 * the browser, and prints `name: value` lines, also written with the host's details to
 * bench/results/latest.json. Ratios within one run are what to compare. Then it taps the order forms
 * during the 250 msg/s feed (tap-latency.ts), soaks the options screen in a long 50 msg/s replay
 * (soak.ts), and prints every figure against its budget (budgets.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, hostname, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { launchOptions } from '../playwright.config.ts';
import { buildBenchPages } from './build-pages.ts';
import { budgetRows, formatBudgetTable, type FigureValue } from './budgets.ts';
import { benchFrames, decodeBench } from './decode.ts';
import { workerInflateBench } from './worker-inflate.ts';
import { lighthouseHome } from './lighthouse-home.ts';
import { benchSession } from './feed-session.ts';
import { startFeedServer } from './feed-server.ts';
import { measurePage, type MeasureOptions, type PageFigures } from './measure.ts';
import type { BenchPage } from './open-page.ts';
import { demoToken, optionsScreen, referencePage } from './options-screen.ts';
import { spotScreen } from './spot-screen.ts';
import { pairedFigures } from './paired.ts';
import { benchParts } from './parts.ts';
import { bundleSizes, type BundleSizes } from './sizes.ts';
import { calibrateThrottle, DEFAULT_TARGET_INDEX, measureBenchmarkIndex } from './cpu-calibration.ts';
import { SOAK_BROWSER_ARGS, soakPage, type SoakFigures } from './soak.ts';
import { homeScreen, measureMoves, MOVE_TABS } from './screen-moves.ts';
import {
  measureTapFloor,
  measureTaps,
  OPTIONS_TAPS,
  SPOT_TAPS,
  type TapOptions,
  type TapScript,
} from './tap-latency.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const SYMBOL = 'btcusdt';
const options: MeasureOptions = {
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 3000),
  windowMs: Number(process.env.BENCH_WINDOW_MS ?? 10_000),
  // Chosen once the browser runs: calibrated to BENCH_CPU_TARGET, unless BENCH_CPU_THROTTLE fixes it.
  cpuThrottle: 1,
};
const fixedThrottle = process.env.BENCH_CPU_THROTTLE ? Number(process.env.BENCH_CPU_THROTTLE) : undefined;
if (fixedThrottle !== undefined && !(fixedThrottle >= 1))
  throw new Error(`BENCH_CPU_THROTTLE must be a rate of at least 1, got ${process.env.BENCH_CPU_THROTTLE}`);
const cpuTarget = Number(process.env.BENCH_CPU_TARGET ?? DEFAULT_TARGET_INDEX);
if (!(cpuTarget > 0)) throw new Error(`BENCH_CPU_TARGET must be a positive index, got ${process.env.BENCH_CPU_TARGET}`);
/** A count from the environment variable `name` (`fallback` when unset): a whole number of at least 1. */
function wholeCount(name: string, fallback: number): number {
  const count = Number(process.env[name] ?? fallback);
  if (!(Number.isInteger(count) && count >= 1))
    throw new Error(`${name} must be a whole number of at least 1, got ${process.env[name]}`);
  return count;
}
/** docs/performance.md#budgets asks for 10 minutes; the default keeps a whole `npm run bench` under 5 minutes on a 2-core host. */
const SOAK_DEFAULT_MIN = 2;
const soakMinutes = Number(process.env.BENCH_SOAK_MIN ?? SOAK_DEFAULT_MIN);
if (!(soakMinutes > 0))
  throw new Error(`BENCH_SOAK_MIN must be a positive number of minutes, got ${process.env.BENCH_SOAK_MIN}`);
/** Soaks in a row, each on a fresh server and page: the budget asks for no long task in three. */
const soakRuns = wholeCount('BENCH_SOAK_RUNS', 1);
const tapOptions: TapOptions = {
  cpuThrottle: options.cpuThrottle,
  warmupMs: options.warmupMs,
  // At least 200 taps a screen, so the p98 is a percentile and not the single slowest tap.
  taps: Number(process.env.BENCH_TAPS ?? 204),
  gapMs: Number(process.env.BENCH_TAP_GAP_MS ?? 400),
};
const parts = benchParts(process.env.BENCH_ONLY);
/** Pairs of options and spot windows the spot book's ratio is the median of (paired.ts). */
const spotPairs = wholeCount('BENCH_SPOT_PAIRS', 3);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
if (!(lighthouseRuns >= 1))
  throw new Error(`BENCH_LIGHTHOUSE_RUNS must be at least 1, got ${process.env.BENCH_LIGHTHOUSE_RUNS}`);
/** Moves to each tab's screen (screen-moves.ts); their median is the figure. */
const movesPerTab = wholeCount('BENCH_MOVES', 5);
const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
/** A figure rounded, or `n/a` when there is no number (e.g. a heap ratio from a one-minute soak). */
const figure = (value: number, digits = 2): FigureValue => (Number.isFinite(value) ? round(value, digits) : 'n/a');
const log = (message: string): void => console.error(`[bench] ${message}`);

/** Builds the app (what the options screen is measured on) and reads its bundle sizes before the reference page joins it. */
async function buildApp(outDir: string): Promise<BundleSizes | { error: string }> {
  await build({
    configFile: join(repo, 'vite.config.ts'),
    root: repo,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  try {
    return bundleSizes(outDir);
  } catch (error) {
    return { error: `bundle sizes: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}

/**
 * Each page gets a fresh server (and demo login), so its replay and the server's state start from
 * zero; `file` is the session it replays at `speed`.
 */
async function onServer<T>(
  speed: number,
  file: string,
  target: (baseUrl: string, token: string) => BenchPage,
  run: (page: BenchPage) => Promise<T>,
): Promise<T> {
  const server = await startFeedServer(staticDir, file, speed);
  try {
    return await run(target(server.url, await demoToken(server.url)));
  } finally {
    await server.stop();
  }
}

function measure(speed: number, target: (baseUrl: string, token: string) => BenchPage): Promise<PageFigures> {
  return onServer(speed, sessionFile, target, (page) => {
    log(`measuring ${page.url} at ${speed * RATE} msg/s`);
    return measurePage(browser, page, options);
  });
}

const RATE = 50;
/** The spot taps' quiet run: one book a second in the session, 5 msg/s at the taps' replay speed of 5. */
const QUIET_RATE = 1;
/** The host's 1-minute load average when the run starts and ends: other work on the host moves every timed figure. */
const loadAtStart = loadavg()[0] ?? Number.NaN;
const work = mkdtempSync(join(tmpdir(), 'bench-'));
const staticDir = join(work, 'app');
const sessionFile = join(work, 'session.ndjson');
const longSessionFile = join(work, 'long-session.ndjson');
const depthSessionFile = join(work, 'depth-session.ndjson');
const longDepthSessionFile = join(work, 'long-depth-session.ndjson');
const quietDepthSessionFile = join(work, 'quiet-depth-session.ndjson');
log('building the app');
const sizes = await buildApp(staticDir);
log('building the bench pages (reference, inflate, react-floor) into it');
await buildBenchPages(staticDir, ['reference', 'inflate', 'react-floor'], false);
// 240 s of feed: replayed at speed 5 it still lasts 48 s, longer than one page's load and measurement.
const session = benchSession({ symbol: SYMBOL, seconds: 240, rate: RATE });
writeFileSync(sessionFile, session);
// The spot screen's book at the same rates: 150-level depth.step0 books (the depth chart's cost).
writeFileSync(depthSessionFile, benchSession({ symbol: SYMBOL, seconds: 240, rate: RATE, feed: 'depth' }));
// The taps (at speed 5) and the soak (at speed 1) run longer than 48 s: the same market, long enough
// that neither replay loops back to its history bars while measured (15 min of feed = 3 min at speed 5).
writeFileSync(
  longSessionFile,
  benchSession({ symbol: SYMBOL, seconds: Math.max(900, soakMinutes * 60 + 180), rate: RATE }),
);
const settings: Record<string, unknown> = {
  ...options,
  parts: [...parts],
  tap: tapOptions,
  soakMinutes,
  spotPairs,
  lighthouseRuns,
  soakDefaultMinutes: SOAK_DEFAULT_MIN,
  feedRates: [RATE, 5 * RATE],
  screen: '/options (chart view, 1day candles)',
  socketTopics: [`market.${SYMBOL}.kline.1day`],
  symbol: SYMBOL,
};
// The soak's flag only exposes gc() to pages; the other parts never call it.
const browser = await chromium.launch({
  ...launchOptions,
  args: [...(launchOptions.args ?? []), ...SOAK_BROWSER_ARGS],
});
let results: Record<string, unknown>;
try {
  const pages: Record<string, unknown> = {};
  const figures: Record<string, FigureValue> = {};
  if (fixedThrottle !== undefined) {
    options.cpuThrottle = fixedThrottle;
    figures.cpu_benchmark_index = round(await measureBenchmarkIndex(browser, fixedThrottle), 0);
  } else {
    const calibration = await calibrateThrottle((rate) => measureBenchmarkIndex(browser, rate), { target: cpuTarget });
    log(`CPU calibration: ${calibration.steps.map((step) => `${step.rate}x → ${Math.round(step.index)}`).join(', ')}`);
    options.cpuThrottle = calibration.rate;
    figures.cpu_benchmark_index = round(calibration.index, 0);
    if (!calibration.met) log(`CPU calibration did not reach index ${cpuTarget} (host too slow or too noisy)`);
  }
  figures.cpu_throttle_rate = options.cpuThrottle;
  tapOptions.cpuThrottle = options.cpuThrottle;
  if (parts.has('screens')) {
    const options50 = await measure(1, (url, token) => optionsScreen(url, token, SYMBOL));
    const options250 = await measure(5, (url, token) => optionsScreen(url, token, SYMBOL));
    const reference50 = await measure(1, (url) => referencePage(url, SYMBOL));
    const reference250 = await measure(5, (url) => referencePage(url, SYMBOL));
    const mainEngine50 = await measure(1, (url, token) => optionsScreen(url, token, SYMBOL, true));
    Object.assign(pages, { options50, options250, reference50, reference250, mainEngine50 });
    Object.assign(figures, {
      main_busy_ms_per_s_50: round(options50.busyMsPerS),
      main_busy_ms_per_s_250: round(options250.busyMsPerS),
      reference_busy_ms_per_s_50: round(reference50.busyMsPerS),
      reference_busy_ms_per_s_250: round(reference250.busyMsPerS),
      main_thread_engine_busy_ms_per_s_50: round(mainEngine50.busyMsPerS),
      ratio_main_vs_reference_50: round(options50.busyMsPerS / reference50.busyMsPerS),
      ratio_250_vs_50: round(options250.busyMsPerS / options50.busyMsPerS),
      ratio_worker_vs_main_thread_engine_50: round(options50.busyMsPerS / mainEngine50.busyMsPerS),
      fps_50: round(options50.fps, 1),
      fps_250: round(options250.fps, 1),
      frame_p95_ms_250: round(options250.frameP95Ms),
      long_tasks: options50.longTasks + options250.longTasks,
      ui_messages_per_s_50: round(options50.uiMessagesPerS, 1),
      ui_messages_per_s_250: round(options250.uiMessagesPerS, 1),
      feed_frames_per_s_50: round(options50.feedFramesPerS, 1),
      feed_frames_per_s_250: round(options250.feedFramesPerS, 1),
      reference_ui_messages_per_s_50: round(reference50.uiMessagesPerS, 1),
    });
  }
  if (parts.has('spot')) {
    const measureSpot = (depthChart: boolean) =>
      onServer(
        5,
        depthSessionFile,
        (url, token) => spotScreen(url, token, SYMBOL, depthChart),
        (page) => {
          log(`measuring ${page.url} at ${5 * RATE} msg/s of books, depth chart ${depthChart ? 'open' : 'closed'}`);
          return measurePage(browser, page, options);
        },
      );
    // In alternating rounds (paired.ts), each window on fresh servers: the options screen, the book
    // alone, the book with the depth chart. The book is set against the options screen of its round,
    // the depth chart against the book of its round.
    const bookPairs: { subject: PageFigures; base: PageFigures }[] = [];
    const depthPairs: { subject: PageFigures; base: PageFigures }[] = [];
    for (let pair = 0; pair < spotPairs; pair++) {
      const options = await measure(5, (url, token) => optionsScreen(url, token, SYMBOL));
      const book = await measureSpot(false);
      bookPairs.push({ base: options, subject: book });
      depthPairs.push({ base: book, subject: await measureSpot(true) });
    }
    const bookAlone250 = pairedFigures(bookPairs);
    const bookDepth250 = pairedFigures(depthPairs);
    log(`spot book against options, pair by pair: ${bookAlone250.ratios.map((ratio) => round(ratio)).join(', ')}`);
    log(`depth chart against the book, pair by pair: ${bookDepth250.ratios.map((ratio) => round(ratio)).join(', ')}`);
    Object.assign(pages, { bookPairs, bookAlone250, depthPairs, bookDepth250 });
    Object.assign(figures, {
      spot_book_busy_ms_per_s_250: round(bookAlone250.subjectBusyMsPerS),
      spot_options_busy_ms_per_s_250: round(bookAlone250.baseBusyMsPerS),
      ratio_spot_book_vs_options_250: round(bookAlone250.ratio),
      spot_book_fps_250: round(bookAlone250.fps, 1),
      spot_book_frame_p95_ms_250: round(bookAlone250.frameP95Ms, 1),
      spot_book_long_tasks_250: bookAlone250.longTasks,
      spot_book_depth_chart_busy_ms_per_s_250: round(bookDepth250.subjectBusyMsPerS),
      ratio_depth_chart_vs_book_250: round(bookDepth250.ratio),
      spot_fps_depth_chart_250: round(bookDepth250.fps, 1),
      spot_frame_p95_ms_depth_chart_250: round(bookDepth250.frameP95Ms, 1),
      spot_long_tasks_depth_chart_250: bookDepth250.longTasks,
      // The lowest feed rate a spot window got: a check that each really had 250 msg/s.
      spot_feed_frames_per_s_250: round(Math.min(...bookPairs.map((pair) => pair.subject.feedFramesPerS)), 1),
    });
  }
  if (parts.has('decode')) {
    log('timing decode in Node');
    // Without the recorded fixtures, the first 2 MB of the generated session, cut at a line's end (a cut line is no transcript line).
    const generated = session.slice(0, session.lastIndexOf('\n', 2_000_000) + 1);
    const decode = await decodeBench(
      join(repo, '../shared/fixtures/huobi/ws/live-session-2021-04-17/transcript.decoded.jsonl'),
      generated,
    );
    settings.decodeFrames = decode.frames;
    settings.decodeSource = decode.source;
    Object.assign(figures, {
      decode_ratio_vs_native: round(decode.ratio),
      decode_us_per_frame: round(decode.oursMicrosPerFrame),
      native_decode_us_per_frame: round(decode.nativeMicrosPerFrame),
      decode_pako_us_per_frame: round(decode.pakoMicrosPerFrame),
      decode_stream_us_per_frame: decode.streamMicrosPerFrame === null ? 'n/a' : round(decode.streamMicrosPerFrame),
    });
    log("timing the inflate paths in Chromium's worker");
    const { buffers } = benchFrames(
      join(repo, '../shared/fixtures/huobi/ws/live-session-2021-04-17/transcript.decoded.jsonl'),
      generated,
    );
    const inflateServer = await startFeedServer(staticDir, sessionFile, 1);
    const inflate = await workerInflateBench(browser, `${inflateServer.url}/inflate.html`, buffers).finally(() =>
      inflateServer.stop(),
    );
    Object.assign(figures, {
      worker_inflate_pako_us_per_frame: round(inflate.pakoMicrosPerFrame),
      worker_inflate_fflate_us_per_frame: round(inflate.fflateMicrosPerFrame),
      worker_inflate_stream_us_per_frame: round(inflate.streamOneByOneMicrosPerFrame),
      worker_inflate_stream_burst_us_per_frame: round(inflate.streamBurstMicrosPerFrame),
    });
  }
  if (parts.has('taps')) {
    const tapScreen = (
      script: TapScript,
      session: string,
      rate: number,
      screen: (url: string, token: string) => BenchPage,
    ) =>
      onServer(5, session, screen, (page) => {
        log(`tapping the ${script.name} order form of ${page.url} at ${5 * rate} msg/s, ${tapOptions.taps} taps`);
        return measureTaps(browser, page, tapOptions, script);
      });
    const optionsTaps = await tapScreen(OPTIONS_TAPS, longSessionFile, RATE, (url, token) =>
      optionsScreen(url, token, SYMBOL),
    );
    writeFileSync(longDepthSessionFile, benchSession({ symbol: SYMBOL, seconds: 900, rate: RATE, feed: 'depth' }));
    const spotTaps = await tapScreen(SPOT_TAPS, longDepthSessionFile, RATE, (url, token) =>
      spotScreen(url, token, SYMBOL, false),
    );
    // The same taps with the book barely moving: what the form's own work costs, apart from the feed's.
    writeFileSync(
      quietDepthSessionFile,
      benchSession({ symbol: SYMBOL, seconds: 900, rate: QUIET_RATE, feed: 'depth' }),
    );
    const quietSpotTaps = await tapScreen(SPOT_TAPS, quietDepthSessionFile, QUIET_RATE, (url, token) =>
      spotScreen(url, token, SYMBOL, false),
    );
    log(`tapping a bare page (one button, no app, no feed), ${tapOptions.taps} taps: the host's floor`);
    const floor = await measureTapFloor(browser, tapOptions);
    const reactFloor = await onServer(
      5,
      quietDepthSessionFile,
      (url) => ({ url: `${url}/react-floor.html`, ready: 'true' }),
      (page) => {
        log(`tapping the same button rendered by React (no app, no feed), ${tapOptions.taps} taps`);
        return measureTapFloor(browser, tapOptions, page.url);
      },
    );
    pages.taps = optionsTaps;
    pages.spotTaps = spotTaps;
    pages.quietSpotTaps = quietSpotTaps;
    pages.tapFloor = floor;
    pages.reactTapFloor = reactFloor;
    Object.assign(figures, {
      tap_p98_ms_floor: figure(floor.p98Ms, 1),
      tap_median_ms_floor: figure(floor.medianMs, 1),
      tap_p98_ms_react_floor: figure(reactFloor.p98Ms, 1),
      tap_median_ms_react_floor: figure(reactFloor.medianMs, 1),
    });
    for (const [screen, feed, taps] of [
      ['options', '250', optionsTaps],
      ['spot', '250', spotTaps],
      ['spot', 'quiet', quietSpotTaps],
    ] as const) {
      // The 250 msg/s runs keep their figures' names: `tap_p98_ms_250_spot`, `tap_samples_spot`.
      const at = feed === '250' ? screen : `${feed}_${screen}`;
      Object.assign(figures, {
        [`tap_p98_ms_${feed}_${screen}`]: figure(taps.p98Ms, 1),
        [`tap_median_ms_${feed}_${screen}`]: figure(taps.medianMs, 1),
        [`tap_samples_${at}`]: taps.taps,
        [`tap_unreported_under_16_ms_${at}`]: taps.unreported,
        [`tap_slowest_tenth_ms_${at}`]: taps.slowestTenth.durationMs,
        [`tap_slowest_tenth_input_delay_ms_${at}`]: taps.slowestTenth.inputDelayMs,
        [`tap_slowest_tenth_processing_ms_${at}`]: taps.slowestTenth.processingMs,
        [`tap_slowest_tenth_presentation_ms_${at}`]: taps.slowestTenth.presentationMs,
        [`tap_feed_frames_per_s_${feed}_${screen}`]: round(taps.feedFramesPerS, 1),
      });
    }
  }
  if (parts.has('soak')) {
    const soaks: SoakFigures[] = [];
    for (let run = 1; run <= soakRuns; run++) {
      const soak = await onServer(
        1,
        longSessionFile,
        (url, token) => optionsScreen(url, token, SYMBOL),
        (page) => {
          log(`soaking ${page.url} at ${RATE} msg/s for ${soakMinutes} min (soak ${run} of ${soakRuns})`);
          return soakPage(browser, page, { cpuThrottle: options.cpuThrottle, minutes: soakMinutes });
        },
      );
      log(`soak ${run} of ${soakRuns}: long tasks ${soak.longTasks}, p95 frame ${round(soak.frameP95Ms)} ms`);
      soaks.push(soak);
    }
    pages.soakRuns = soaks;
    // Over all the runs: every long task counts, and the worst run's frames and growth.
    const worst = (pick: (soak: SoakFigures) => number) => Math.max(...soaks.map(pick));
    Object.assign(figures, {
      soak_minutes: soakMinutes,
      soak_runs: soakRuns,
      soak_long_tasks: soaks.reduce((sum, soak) => sum + soak.longTasks, 0),
      soak_long_tasks_per_run: soaks.map((soak) => soak.longTasks).join(', '),
      soak_frame_p95_ms: figure(worst((soak) => soak.frameP95Ms)),
      heap_ratio_last_vs_first_min: figure(
        worst((soak) => soak.heapRatio),
        3,
      ),
      soak_dom_nodes_ratio: figure(
        worst((soak) => soak.domNodesRatio),
        3,
      ),
    });
  }
  if (parts.has('lighthouse')) {
    const home = await onServer(
      1,
      sessionFile,
      (url) => ({ url: `${url}/`, ready: 'true' }),
      (page) => {
        log(`running Lighthouse (mobile defaults) ${lighthouseRuns}x on ${page.url}`);
        return lighthouseHome(page.url, lighthouseRuns);
      },
    );
    pages.home = home;
    settings.lighthouseVersion = home.lighthouseVersion;
    Object.assign(figures, {
      lighthouse_lcp_ms: round(home.lcpMs, 0),
      lighthouse_tbt_ms: round(home.tbtMs, 0),
      lighthouse_cls: round(home.cls, 3),
      lighthouse_score: round(home.performanceScore, 2),
      lighthouse_benchmark_index: round(home.benchmarkIndex, 0),
    });
  }
  if (parts.has('moves')) {
    const moves = await onServer(1, sessionFile, homeScreen, (page) => {
      log(`moving from ${page.url} to ${MOVE_TABS.join(', ')}, ${movesPerTab} times each, each from a fresh page`);
      return measureMoves(browser, page, options.cpuThrottle, movesPerTab);
    });
    pages.moves = moves;
    for (const [tab, ms] of Object.entries(moves.medianMs))
      figures[`move_median_ms_to_${tab.replace(/^tab-/, '')}`] = round(ms, 0);
  }
  figures.host_load_avg_1m_start = round(loadAtStart);
  figures.host_load_avg_1m_end = round(loadavg()[0] ?? Number.NaN);
  if ('error' in sizes) figures.sizes = sizes.error;
  else {
    figures.initial_js_gzip_kib = round(sizes.initialJsGzipKiB, 1);
    figures.worker_js_gzip_kib = round(sizes.workerJsGzipKiB, 1);
    figures.worker_entry_gzip_kib = round(sizes.workerEntryGzipKiB, 1);
    figures.worker_feed_chunk_gzip_kib = round(sizes.workerFeedGzipKiB, 1);
    figures.worker_charts_chunk_gzip_kib = round(sizes.workerChartsGzipKiB, 1);
  }
  const cpu = cpus();
  const host = {
    hostname: hostname(),
    platform: `${platform()} ${release()}`,
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    chromium: browser.version(),
  };
  // Absolute times drift between hosts: each run says where and how it was measured (docs/performance.md#budgets).
  console.log(
    `host: ${host.cores} x ${host.cpu}, ${host.memoryGiB} GiB, ${host.platform}, node ${host.node}, chromium ${host.chromium}`,
  );
  console.log(
    `settings: cpu throttle ${options.cpuThrottle}x (${fixedThrottle === undefined ? `calibrated to benchmark index ${cpuTarget}, BENCH_CPU_TARGET` : 'fixed by BENCH_CPU_THROTTLE'}), warm-up ${options.warmupMs} ms, window ${options.windowMs} ms, ${String(settings.screen)}, parts ${[...parts].join(',')} (BENCH_ONLY)`,
  );
  console.log(
    `settings_taps_soak: taps ${tapOptions.taps} a screen (BENCH_TAPS, ${tapOptions.gapMs} ms apart), soak ${soakMinutes} min at ${RATE} msg/s ${soakRuns === 1 ? 'once' : `${soakRuns} times`} (BENCH_SOAK_MIN, default ${SOAK_DEFAULT_MIN}, and BENCH_SOAK_RUNS, default 1; docs/performance.md#budgets asks for 10 minutes, three times)`,
  );
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
  const budgets = budgetRows(figures);
  console.log(`\n${formatBudgetTable(budgets)}`);
  results = {
    date: new Date().toISOString(),
    host,
    settings,
    figures,
    budgets,
    pages,
  };
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
mkdirSync(join(repo, 'bench/results'), { recursive: true });
writeFileSync(join(repo, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
log('wrote bench/results/latest.json');
