/**
 * Builds the bench pages (bench/pages: the market screen and the reference page) with the project's
 * Vite config into `outDir`, ready to be served by the reference server as its static dir.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const repo = fileURLToPath(new URL('..', import.meta.url));

export async function buildBenchPages(outDir: string): Promise<void> {
  const root = resolve(repo, 'bench/pages');
  await build({
    configFile: resolve(repo, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: { index: join(root, 'index.html'), reference: join(root, 'reference.html') } },
    },
  });
}
