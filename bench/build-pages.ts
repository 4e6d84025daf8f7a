/**
 * Builds bench/pages with the project's Vite config into `outDir`, ready to be served by the
 * reference server as (part of) its static dir: `reference` is the bench's minimal reference page;
 * `index` is the engine's market test page (chart, book, tape) that the engine's end-to-end test
 * drives; `inflate` times the market worker's inflate paths in a browser worker; `react-floor` is
 * the tap floor's button rendered by React. The bench builds `reference`, `inflate` and
 * `react-floor` into the app's build, without emptying it.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const repo = fileURLToPath(new URL('..', import.meta.url));

export type BenchPage = 'index' | 'reference' | 'inflate' | 'react-floor';

export async function buildBenchPages(
  outDir: string,
  pages: readonly BenchPage[] = ['index', 'reference'],
  emptyOutDir = true,
): Promise<void> {
  const root = resolve(repo, 'bench/pages');
  process.env.BENCH_PAGES_BUILD = '1';
  try {
    await build({
      configFile: resolve(repo, 'vite.config.ts'),
      root,
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir,
        rolldownOptions: {
          input: Object.fromEntries(pages.map((page) => [page, join(root, `${page}.html`)])),
          // The app's one first-screen chunk would put both pages' start-up code in one file, so each
          // page would run the other's too: each page keeps its own chunks here.
          output: { codeSplitting: true },
        },
      },
    });
  } finally {
    delete process.env.BENCH_PAGES_BUILD;
  }
}
