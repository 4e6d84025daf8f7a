/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const serverPort = Number(process.env.PORT ?? 8080);
const backend = `http://127.0.0.1:${serverPort}`;

// One config for the build and for every test project (DESIGN.md §6).
export default defineConfig({
  // Brotli and gzip copies beside each asset, served by the server as they are (@fastify/static
  // preCompressed): a phone on a slow network downloads about a third of the bytes, with no
  // compression work per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' })],
  worker: { format: 'es' },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', chunkSizeWarningLimit: 400 },
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
