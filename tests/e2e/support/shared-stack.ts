import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../server/src/config.ts';
import { buildApp } from '../../../server/src/app.ts';
import { launchOptions } from '../../../playwright.config.ts';

/** Where the run's shared server and browser are: plain values, handed from the set-up to every file. */
export interface SharedStack {
  baseUrl: string;
  /** The shared server's data folder (its SQLite database and uploads). */
  dataDir: string;
  /** Chromium's endpoint; each file connects to it (playwright-core `chromium.connect`). */
  browserEndpoint: string;
}

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

/** The run's one server and one browser (global-setup.ts). */
export async function startSharedStack(): Promise<{ shared: SharedStack; stop(): Promise<void> }> {
  const server = await startServer();
  const browser = await chromium.launchServer(launchOptions);
  return {
    shared: { baseUrl: server.baseUrl, dataDir: server.dataDir, browserEndpoint: browser.wsEndpoint() },
    async stop() {
      await browser.close();
      await server.stop();
    },
  };
}
