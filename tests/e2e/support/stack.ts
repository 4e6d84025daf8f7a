import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../server/src/config.ts';
import { buildApp } from '../../../server/src/app.ts';
import { launchOptions, mobileContext } from '../../../playwright.config.ts';

export interface Stack {
  baseUrl: string;
  server: FastifyInstance;
  browser: Browser;
  /**
   * A fresh phone-sized browser context and page. The home bulletin popup starts dismissed for
   * today (as for a visitor who ticked don't-show-today), so flows that pass through home are not
   * blocked by it; pass `{ bulletin: true }` to see it as a first-time visitor does.
   */
  newPage(options?: { bulletin?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

/** Runs in the page: saves the bulletin's don't-show-today flag for the browser's local date (client-storage.ts). */
function hideBulletinToday(): void {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  window.localStorage.setItem('popup_hidden_on', `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
}

/**
 * Starts the real reference server (temporary SQLite database, test routes on, built client from
 * dist/) on a free loopback port, and Debian's Chromium. `npm run test:e2e` (and `npm test`) build dist/ first.
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const staticDir = resolve('dist');
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    TEST_ROUTES: '1',
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Many logins a minute from one address are normal in a test run; the limiter has its own server tests.
    AUTH_RATE_LIMIT: '0',
    ...env,
  });
  const server = await buildApp({ config, checkAnswers: true });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch(launchOptions);
  return {
    baseUrl: address,
    server,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext(mobileContext);
      if (!options.bulletin) await context.addInitScript(hideBulletinToday);
      const page = await context.newPage();
      return { context, page };
    },
    async stop() {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
