import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { e2eLaunchOptions } from '../../../playwright.config.ts';

/** One shared server: plain values, handed from the set-up to the files of one test worker. */
export interface SharedServer {
  baseUrl: string;
  /** The server's data folder (its SQLite database and uploads). */
  dataDir: string;
}

/** Where the run's shared servers and browser are. */
export interface SharedStack {
  /** One server per test worker: files of worker N (VITEST_POOL_ID) use `servers[N - 1]`. */
  servers: SharedServer[];
  /** Chromium's endpoint; each file connects to it (playwright-core `chromium.connect`). */
  browserEndpoint: string;
}

/**
 * End-to-end files run two at a time, one per test worker, each worker on a server of its own, so a
 * server still sees one file at a time. Two, because the machine the suite is budgeted for has two cores.
 */
export const E2E_WORKERS = 2;

/** The built client, which every server of the end-to-end run serves. */
export function builtClient(): string {
  const staticDir = resolve('dist');
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  return staticDir;
}

/**
 * Starts the real reference server (temporary SQLite database, test routes and their movable clock
 * on, the built client) on a free loopback port. `env` overrides its configuration.
 */
export async function startServer(
  env: Record<string, string> = {},
): Promise<{ server: FastifyInstance; baseUrl: string; dataDir: string; stop(): Promise<void> }> {
  // Loaded here, not at the top: most files use their worker's shared server and never start one,
  // and the server's modules cost each such file a second or more to import on a busy machine.
  const [{ loadConfig }, { buildApp }] = await Promise.all([
    import('../../../server/src/config.ts'),
    import('../../../server/src/app.ts'),
  ]);
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: builtClient(),
    TEST_ROUTES: '1',
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Many logins a minute from one address are normal in a test run; the limiter has its own server tests.
    AUTH_RATE_LIMIT: '0',
    // Files change the demo's passwords and then move money; the security hold has its own specs, which set it.
    SECURITY_HOLD_HOURS: '0',
    ...env,
  });
  const server = await buildApp({ config, checkAnswers: true });
  const baseUrl = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    server,
    baseUrl,
    dataDir,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's servers, one per test worker, and its one browser (global-setup.ts). */
export async function startSharedStack(): Promise<{ shared: SharedStack; stop(): Promise<void> }> {
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  const browser = await chromium.launchServer(e2eLaunchOptions);
  return {
    shared: {
      servers: servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
      browserEndpoint: browser.wsEndpoint(),
    },
    async stop() {
      await browser.close();
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}
