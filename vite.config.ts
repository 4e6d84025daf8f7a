/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { endpointMetaTags, type MetaTag } from './server/src/http/shell-facts.ts';

const serverPort = Number(process.env.PORT ?? 8080);
const backend = `http://127.0.0.1:${serverPort}`;

/**
 * Records the market endpoints this build compiles in (VITE_MARKET_WS_URL, VITE_MARKET_REST_URL, from
 * the same resolved env as import.meta.env) as meta tags of index.html, where the server reads them
 * for its Content-Security-Policy: build and policy cannot name different hosts.
 */
function recordMarketEndpoints(): Plugin {
  let tags: MetaTag[] = [];
  return {
    name: 'record-market-endpoints',
    configResolved(config) {
      tags = endpointMetaTags(config.env);
    },
    transformIndexHtml: () => tags.map(({ name, content }) => ({ tag: 'meta', attrs: { name, content }, injectTo: 'head' as const })),
  };
}

// One config for the build and for every test project (DESIGN.md §6).
export default defineConfig({
  // Brotli and gzip copies beside each asset, served by the server as they are (@fastify/static
  // preCompressed): a phone on a slow network downloads about a third of the bytes, with no
  // compression work per request.
  plugins: [react(), recordMarketEndpoints(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' })],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Everything the first screen imports statically in one chunk beside the entry: two requests
        // listed in index.html instead of a dozen small ones (DESIGN.md §8 LCP). Lazy screens split as before.
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/market': backend,
      '/v1': backend,
      '/uploads': backend,
      '/ws': { target: backend.replace('http', 'ws'), ws: true },
      '/feed': { target: backend.replace('http', 'ws'), ws: true },
    },
  },
  test: {
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'workers', environment: 'node', include: ['workers/**/__tests__/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'bench', environment: 'node', include: ['bench/**/__tests__/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/__tests__/**/*.test.ts'],
          testTimeout: 20_000,
          // A beforeAll that starts a whole app (migrations, demo seed, a login) is as slow as a test on busy shared cores.
          hookTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
