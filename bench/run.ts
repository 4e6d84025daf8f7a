/**
 * `npm run bench`: how developers profile frame time (issue 4, DESIGN.md §8). Builds the bench
 * pages and the app, replays a deterministic market through the reference server at 50 and 250
 * msg/s into headless Chromium (main thread throttled 4x), measures the market screen (worker
 * engine), the same screen with the engine on the main thread, and the minimal reference page,
 * times the worker's decoding in Node, and prints `name: value` lines, also written with the
 * host's details to bench/results/latest.json. Ratios within one run are what to compare.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, hostname, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { launchOptions } from '../playwright.config.ts';
import { buildBenchPages } from './build-pages.ts';
import { decodeBench } from './decode.ts';
import { benchSession } from './feed-session.ts';
import { startFeedServer } from './feed-server.ts';
import { measurePage, type MeasureOptions, type PageFigures } from './measure.ts';
import { bundleSizes, type BundleSizes } from './sizes.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const SYMBOL = 'btcusdt';
const options: MeasureOptions = {
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 3000),
  windowMs: Number(process.env.BENCH_WINDOW_MS ?? 10_000),
  cpuThrottle: Number(process.env.BENCH_CPU_THROTTLE ?? 4),
};
const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
const log = (message: string): void => console.error(`[bench] ${message}`);

async function appSizes(outDir: string): Promise<BundleSizes | { error: string }> {
  try {
    await build({ configFile: join(repo, 'vite.config.ts'), root: repo, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    return bundleSizes(outDir);
  } catch (error) {
    return { error: `app build failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}

/** Each page gets a fresh server, so its replay and the server's market state start from zero. */
async function measure(speed: number, path: string): Promise<PageFigures> {
  const server = await startFeedServer(pagesDir, sessionFile, speed);
  try {
    log(`measuring ${path} at ${speed * 50} msg/s`);
    return await measurePage(browser, `${server.url}${path}`, options);
  } finally {
    await server.stop();
  }
}

const work = mkdtempSync(join(tmpdir(), 'bench-'));
const pagesDir = join(work, 'pages');
const sessionFile = join(work, 'session.ndjson');
log('building the bench pages');
await buildBenchPages(pagesDir);
// 120 s at 50 msg/s; replayed at speed 5 it still lasts 24 s, longer than one measurement.
const session = benchSession({ symbol: SYMBOL, seconds: 120, rate: 50 });
writeFileSync(sessionFile, session);
const browser = await chromium.launch(launchOptions);
let results: Record<string, unknown>;
try {
  const app50 = await measure(1, `/index.html?symbol=${SYMBOL}`);
  const app250 = await measure(5, `/index.html?symbol=${SYMBOL}`);
  const reference50 = await measure(1, `/reference.html?symbol=${SYMBOL}`);
  const reference250 = await measure(5, `/reference.html?symbol=${SYMBOL}`);
  const mainEngine50 = await measure(1, `/index.html?symbol=${SYMBOL}&engine=main`);
  log('timing decode in Node');
  const decode = decodeBench(join(repo, '../shared/fixtures/huobi/ws/live-session-2021-04-17/transcript.decoded.jsonl'), session.slice(0, 2_000_000));
  log('building the app for its sizes');
  const sizes = await appSizes(join(work, 'app'));

  const figures: Record<string, number | string> = {
    main_busy_ms_per_s_50: round(app50.busyMsPerS),
    main_busy_ms_per_s_250: round(app250.busyMsPerS),
    reference_busy_ms_per_s_50: round(reference50.busyMsPerS),
    reference_busy_ms_per_s_250: round(reference250.busyMsPerS),
    main_thread_engine_busy_ms_per_s_50: round(mainEngine50.busyMsPerS),
    ratio_main_vs_reference_50: round(app50.busyMsPerS / reference50.busyMsPerS),
    ratio_250_vs_50: round(app250.busyMsPerS / app50.busyMsPerS),
    ratio_worker_vs_main_thread_engine_50: round(app50.busyMsPerS / mainEngine50.busyMsPerS),
    fps_50: round(app50.fps, 1),
    fps_250: round(app250.fps, 1),
    frame_p95_ms_250: round(app250.frameP95Ms),
    long_tasks: app50.longTasks + app250.longTasks,
    ui_messages_per_s_50: round(app50.uiMessagesPerS, 1),
    ui_messages_per_s_250: round(app250.uiMessagesPerS, 1),
    decode_ratio_vs_native: round(decode.ratio),
    decode_us_per_frame: round(decode.oursMicrosPerFrame),
    native_decode_us_per_frame: round(decode.nativeMicrosPerFrame),
  };
  if ('error' in sizes) figures.sizes = sizes.error;
  else {
    figures.initial_js_gzip_kib = round(sizes.initialJsGzipKiB, 1);
    figures.worker_js_gzip_kib = round(sizes.workerJsGzipKiB, 1);
    figures.worker_entry_gzip_kib = round(sizes.workerEntryGzipKiB, 1);
    figures.worker_feed_chunk_gzip_kib = round(sizes.workerFeedGzipKiB, 1);
  }
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);

  const cpu = cpus();
  results = {
    date: new Date().toISOString(),
    host: {
      hostname: hostname(),
      platform: `${platform()} ${release()}`,
      cpu: cpu[0]?.model ?? 'unknown',
      cores: cpu.length,
      memoryGiB: round(totalmem() / 2 ** 30, 1),
      node: process.version,
      chromium: browser.version(),
    },
    settings: { ...options, feedRates: [50, 250], symbol: SYMBOL, decodeFrames: decode.frames, decodeSource: decode.source },
    figures,
    pages: { app50, app250, reference50, reference250, mainEngine50 },
  };
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
mkdirSync(join(repo, 'bench/results'), { recursive: true });
writeFileSync(join(repo, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
log('wrote bench/results/latest.json');
