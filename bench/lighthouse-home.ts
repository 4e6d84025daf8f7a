/**
 * The Lighthouse row of docs/performance.md#lighthouse-on-the-home-page: Lighthouse's mobile defaults (simulated slow 4G and 4x CPU,
 * a Moto G Power-sized screen) on the home page of the built app, as a first-time visitor sees it.
 * Lighthouse drives the same Debian Chromium as the other pages, started by playwright-core with a
 * remote-debugging port. Runs are repeated and the median run (by performance score, as
 * Lighthouse's own docs advise) is reported, because one run swings with the host's load.
 */
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { launchOptions } from '../playwright.config.ts';

export interface LighthouseFigures {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  performanceScore: number;
  /**
   * Lighthouse's benchmark index of the host during the run (its own CPU micro-benchmark, higher is
   * faster): a reader tells a slow host from a slow app with it.
   */
  benchmarkIndex: number;
  runs: number;
  /** Each run's figures, in run order. */
  all: { lcpMs: number; tbtMs: number; cls: number; performanceScore: number; benchmarkIndex: number }[];
  /** Runs Lighthouse could not record (its runtime error code), each made again: they measured nothing. */
  failed: string[];
  lighthouseVersion: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * How many runs in all may fail to record before the bench gives up. Lighthouse now and then loses
 * its own trace (NO_NAVSTART, seen here after a 10-minute soak): without a retry one such run threw
 * away every figure of the bench run before it.
 */
const MAX_FAILED_RUNS = 3;

const numeric = (audits: Record<string, { numericValue?: number }>, id: string): number =>
  audits[id]?.numericValue ?? Number.NaN;

/** Runs Lighthouse `runs` times on `url` and returns the median run's LCP, TBT, CLS and benchmark index. */
export async function lighthouseHome(url: string, runs: number): Promise<LighthouseFigures> {
  const all: LighthouseFigures['all'] = [];
  const failed: string[] = [];
  let lighthouseVersion = '';
  while (all.length < runs) {
    // A fresh browser a run: Lighthouse clears storage itself, but not the HTTP cache of other tabs.
    const port = await freePort();
    const browser = await chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), `--remote-debugging-port=${port}`],
    });
    try {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        failed.push(lhr.runtimeError.code);
        if (failed.length > MAX_FAILED_RUNS)
          throw new Error(
            `Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (runs failed: ${failed.join(', ')})`,
          );
        console.log(`[bench] Lighthouse could not record the run (${lhr.runtimeError.code}); running it again`);
        continue;
      }
      lighthouseVersion = lhr.lighthouseVersion;
      all.push({
        lcpMs: numeric(lhr.audits, 'largest-contentful-paint'),
        tbtMs: numeric(lhr.audits, 'total-blocking-time'),
        cls: numeric(lhr.audits, 'cumulative-layout-shift'),
        performanceScore: lhr.categories.performance?.score ?? Number.NaN,
        benchmarkIndex: lhr.environment.benchmarkIndex,
      });
    } finally {
      await browser.close();
    }
  }
  const median = [...all].sort((a, b) => a.performanceScore - b.performanceScore)[Math.floor(all.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return { ...median, runs, all, failed, lighthouseVersion };
}
