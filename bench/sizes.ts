/**
 * Bundle sizes of the app build (docs/performance.md#bundle-sizes): the JavaScript the first page load needs (entry
 * script plus modulepreloads) and the market worker: its entry plus the market-feed chunk it loads
 * for any market screen, each with every chunk it imports statically (what loads with it); chunks
 * loaded on demand (the QA recorder and replay, price alerts) are left out. The chart sources, which
 * the worker loads only for a chart screen, are reported on their own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSizes {
  initialJsGzipKiB: number;
  workerEntryGzipKiB: number;
  workerFeedGzipKiB: number;
  workerJsGzipKiB: number;
  /** What a chart screen adds to the worker: the chart-sources chunk and what it alone imports. */
  workerChartsGzipKiB: number;
}

const gzipKiB = (file: string): number => gzipSync(readFileSync(file)).length / 1024;

export function bundleSizes(distDir: string): BundleSizes {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  const initialJsGzipKiB = initial.reduce((sum, file) => sum + gzipKiB(join(distDir, file)), 0);
  const assets = join(distDir, 'assets');
  const worker = readdirSync(assets).find((name) => /^market\.worker-.*\.js$/.test(name));
  if (!worker) throw new Error('no market worker in the build');
  const workerSource = readFileSync(join(assets, worker), 'utf8');
  const feed = /market-feed-[\w-]+\.js/.exec(workerSource)?.[0];
  const charts = /chart-sources-[\w-]+\.js/.exec(workerSource)?.[0];
  const entryFiles = staticClosure(assets, worker);
  const feedFiles = feed ? [...staticClosure(assets, feed)].filter((file) => !entryFiles.has(file)) : [];
  const chartFiles = charts
    ? [...staticClosure(assets, charts)].filter((file) => !entryFiles.has(file) && !feedFiles.includes(file))
    : [];
  const workerEntryGzipKiB = [...entryFiles].reduce((sum, file) => sum + gzipKiB(join(assets, file)), 0);
  const workerFeedGzipKiB = feedFiles.reduce((sum, file) => sum + gzipKiB(join(assets, file)), 0);
  return {
    initialJsGzipKiB,
    workerEntryGzipKiB,
    workerFeedGzipKiB,
    workerJsGzipKiB: workerEntryGzipKiB + workerFeedGzipKiB,
    workerChartsGzipKiB: chartFiles.reduce((sum, file) => sum + gzipKiB(join(assets, file)), 0),
  };
}

/** A chunk and every chunk it imports statically (`import … from "./x.js"`, not `import("./x.js")`), by file name. */
function staticClosure(assets: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(join(assets, file), 'utf8');
  for (const [, imported] of source.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w*${},\s]+from\s*)?["']\.\/([\w.-]+\.js)["']/g,
  ))
    staticClosure(assets, imported as string, seen);
  return seen;
}
