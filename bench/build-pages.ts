/**
 * Builds bench/pages with the project's Vite config into `outDir`, ready to be served by the
 * reference server as (part of) its static dir: `reference` is the bench's minimal reference page;
 * `index` is the engine's market test page (chart, book, tape) that the engine's end-to-end test
 * drives. The bench builds only `reference`, into the app's build, without emptying it.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const repo = fileURLToPath(new URL('..', import.meta.url));

export type BenchPage = 'index' | 'reference';

export async function buildBenchPages(outDir: string, pages: readonly BenchPage[] = ['index', 'reference'], emptyOutDir = true): Promise<void> {
  const root = resolve(repo, 'bench/pages');
  await build({
    configFile: resolve(repo, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir,
      rollupOptions: { input: Object.fromEntries(pages.map((page) => [page, join(root, `${page}.html`)])) },
    },
  });
}
