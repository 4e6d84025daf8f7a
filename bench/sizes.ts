/**
 * Bundle sizes of the app build (docs/performance.md#bundle-sizes): the JavaScript the first page load needs (entry
 * script plus modulepreloads) and the market worker (its entry plus the market-feed chunk it loads
 * for any market screen; the QA recorder chunk is left out).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSizes {
  initialJsGzipKiB: number;
  workerEntryGzipKiB: number;
  workerFeedGzipKiB: number;
  workerJsGzipKiB: number;
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
  const workerEntryGzipKiB = gzipKiB(join(assets, worker));
  const workerFeedGzipKiB = feed ? gzipKiB(join(assets, feed)) : 0;
  return {
    initialJsGzipKiB,
    workerEntryGzipKiB,
    workerFeedGzipKiB,
    workerJsGzipKiB: workerEntryGzipKiB + workerFeedGzipKiB,
  };
}
