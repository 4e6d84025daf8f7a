import { join } from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Db } from '../../../server/src/db/database.ts';
import { mobileContext } from '../../../playwright.config.ts';
import { startServer, type SharedServer, type SharedStack } from './shared-stack.ts';

export interface Stack {
  baseUrl: string;
  /** The server's SQLite database, for set-up and for checking what a screen stored. */
  db: Db;
  /** The server's data folder (uploads live in its `uploads/`). */
  dataDir: string;
  browser: Browser;
  /**
   * A fresh phone-sized browser context and page. The home bulletin popup starts dismissed for
   * today (as for a visitor who ticked don't-show-today), so flows that pass through home are not
   * blocked by it; pass `{ bulletin: true }` to see it as a first-time visitor does. With `token`
   * the context starts signed in with it (the stored session of a role), without the login screen.
   * The app's service worker is blocked unless `serviceWorker: true`: it precaches the shell, every
   * language and the tab screens in each new context, about 2 s of the browser's CPU in a context's
   * first ten seconds, for files that never go offline (the installable app's own file turns it on).
   */
  newPage(options?: {
    bulletin?: boolean;
    token?: string;
    serviceWorker?: boolean;
  }): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

/** Runs in the page: saves the bulletin's don't-show-today flag for the browser's local date (client-storage.ts). */
function hideBulletinToday(): void {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  window.localStorage.setItem(
    'popup_hidden_on',
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
  );
}

/**
 * The server and browser of one test file. By default it is its test worker's shared server (started
 * once by global-setup.ts; a worker runs its files one after another, and each uses accounts of its
 * own or reads the demo's figures before and after what it does). A file that needs another configuration (a static
 * folder of its own, reviews approved by themselves) passes it in `env`, and a file whose checks
 * start from the demo's seeded records (no open orders, an unread notice) passes `{ fresh: true }`:
 * either gets a server of its own. The browser is always the run's one Chromium.
 */
export async function startStack(env: Record<string, string> = {}, { fresh = false } = {}): Promise<Stack> {
  const shared = inject('e2eStack');
  const own = fresh || Object.keys(env).length > 0 ? await startServer(env) : null;
  const server = workerServer(shared);
  const baseUrl = own?.baseUrl ?? server.baseUrl;
  const dataDir = own?.dataDir ?? server.dataDir;
  const db = own ? own.server.db : openShared(dataDir);
  const browser = await chromium.connect(shared.browserEndpoint);
  return {
    baseUrl,
    db,
    dataDir,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        ...mobileContext,
        serviceWorkers: options.serviceWorker ? 'allow' : 'block',
      });
      if (options.token) await signInContext(context, baseUrl, options.token);
      if (!options.bulletin) await context.addInitScript(hideBulletinToday);
      const page = await context.newPage();
      return { context, page };
    },
    async stop() {
      await browser.close();
      if (own) await own.stop();
      else db.close();
    },
  };
}

/** The shared server of this test worker (VITEST_POOL_ID counts workers from 1). */
function workerServer(shared: SharedStack): SharedServer {
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = shared.servers[worker - 1];
  if (!server) throw new Error(`no shared server for test worker ${worker} of ${shared.servers.length}`);
  return server;
}

/** A second connection to the shared server's database (WAL: it reads what the server committed). */
function openShared(dataDir: string): Db {
  const db = new Database(join(dataDir, 'app.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db as Db;
}

/**
 * Starts `context` signed in with `token`, as a login leaves it: the token cookie, and the token where
 * the app keeps it (client-storage.ts), written by an init script once per tab, so a test that logs out
 * stays logged out across its reloads. Playwright's `storageState` would write it through an extra page
 * of its own in every context, about 0.25 s of the browser's CPU each.
 */
export async function signInContext(context: BrowserContext, baseUrl: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: baseUrl, sameSite: 'Lax' }]);
  await context.addInitScript((value) => {
    if (window.sessionStorage.getItem('signed-in-by-test')) return;
    window.sessionStorage.setItem('signed-in-by-test', '1');
    window.localStorage.setItem('token', value);
  }, token);
}
