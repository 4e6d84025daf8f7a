/**
 * The installable app: after a first visit the service worker has the shell, so with the
 * network gone (`context.setOffline(true)`) a reload still opens the app, which says it is offline
 * and shows the last known prices marked as such; it recovers by itself when the network returns.
 * A new version is announced and only the user's reload brings it in. The market socket and /api
 * are never answered from a cache.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TIMEOUT_MS, visible } from '../support/app-helpers.ts';
import { eventually } from '../support/trading-helpers.ts';
import { waitForPage } from '../support/market-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;
/** A copy of the build, so this file can publish a "new version" without touching dist/. */
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'e2e-pwa-'));
  cpSync(resolve('dist'), staticDir, { recursive: true });
  stack = await startStack({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await stack?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

/** Waits until the service worker is activated and has precached the shell. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await waitForPage(
    page,
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      if (registration?.active?.state !== 'activated') return false;
      for (const key of await caches.keys()) {
        if (await (await caches.open(key)).match('/index.html', { ignoreSearch: true })) return true;
      }
      return false;
    },
    undefined,
    60_000,
    250,
  );
}

/** The paths of everything the page's caches hold. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const key of await caches.keys())
      for (const request of await (await caches.open(key)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
}

/** The BTC/USDT close the home carousel shows. */
const carouselPrice = (page: Page) =>
  page.getByTestId('market-carousel').locator('li').filter({ hasText: 'BTC/USDT' }).locator('strong').textContent();

describe('the installable app', () => {
  it('serves a manifest with regular and maskable icons and theme colours, and the shell links it', async () => {
    const manifest = (await (await fetch(`${stack.baseUrl}/manifest.webmanifest`)).json()) as {
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string; type: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      const response = await fetch(`${stack.baseUrl}${icon.src}`);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await response.arrayBuffer());
      // A real PNG of the stated size: signature, then IHDR width and height.
      expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
      const view = new DataView(bytes.buffer);
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`).toBe(icon.sizes);
    }
    const html = await (await fetch(`${stack.baseUrl}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('opens offline after a first visit, says so, shows the last known prices marked, and recovers by itself', async () => {
    const { page, context } = await stack.newPage({ serviceWorker: true });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${stack.baseUrl}/market`);
    await visible(page.getByTestId('market-row'));
    await page.getByRole('link', { name: 'Home' }).click();
    await visible(page.getByTestId('market-carousel'));
    await serviceWorkerReady(page);
    // The list the device keeps is the live one it last saw.
    const livePrice = await carouselPrice(page);
    expect(await page.getByTestId('stale-note').count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await visible(page.getByTestId('offline-notice'));
    expect(await page.getByTestId('offline-notice').textContent()).toContain('Offline');
    await visible(page.getByTestId('stale-note'));
    expect(await page.getByTestId('stale-note').textContent()).toContain('Last known prices');
    expect(await carouselPrice(page)).toBe(livePrice);
    // Another screen of the app opens offline too, from the precached chunks, with its kept list.
    await page.getByRole('link', { name: 'Markets' }).click();
    await visible(page.getByTestId('market-row'));
    await visible(page.getByTestId('stale-note'));
    await page.getByRole('link', { name: 'Home' }).click();
    await visible(page.getByTestId('stale-note'));

    await context.setOffline(false);
    await page.getByTestId('offline-notice').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    await page.getByTestId('stale-note').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  it('precaches the shell, every language and the tab screens, and keeps another screen once it has opened', async () => {
    const { page, context } = await stack.newPage({ serviceWorker: true });
    await page.goto(`${stack.baseUrl}/`);
    await visible(page.getByTestId('market-carousel'));
    await serviceWorkerReady(page);
    const chunkOf = (paths: string[], name: string) =>
      paths.some((path) => path.startsWith(`/assets/${name}-`) && path.endsWith('.js'));
    const precached = await cachedPaths(page);
    for (const screen of ['MarketPage', 'OptionsPage', 'ExchangePage', 'AssetsPage', 'MarketChart'])
      expect(chunkOf(precached, screen), screen).toBe(true);
    const languages = readdirSync(resolve('locales')).map((file) => file.slice(0, -'.json'.length));
    expect(languages.filter((language) => !chunkOf(precached, language))).toEqual([]);
    // Not every screen: the price alerts were never opened.
    expect(chunkOf(precached, 'AlertsPage')).toBe(false);

    // With the worker in charge, a screen opened once is kept and opens offline.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto(`${stack.baseUrl}/alerts`);
    await visible(page.getByTestId('alert-level'));
    await expect
      .poll(async () => chunkOf(await cachedPaths(page), 'AlertsPage'), { timeout: UI_TIMEOUT_MS })
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await visible(page.getByTestId('offline-notice'));
    await visible(page.getByTestId('alert-level'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Price alerts');
    await context.close();
  }, 120_000);

  it('never answers the API, market REST or the socket from a cache', async () => {
    const { page, context } = await stack.newPage({ serviceWorker: true });
    await page.goto(`${stack.baseUrl}/`);
    await visible(page.getByTestId('market-carousel'));
    await serviceWorkerReady(page);
    await page.reload();
    const seen = {
      controlled: await page.evaluate(() => navigator.serviceWorker.controller !== null),
      cached: await cachedPaths(page),
    };
    expect(seen.controlled).toBe(true);
    expect(seen.cached).toContain('/index.html');
    expect(seen.cached.filter((path) => /^\/(api|market\/|v1|ws|feed|uploads)/.test(path))).toEqual([]);
    // Through the worker, while offline: API and market REST fail instead of answering old data.
    await context.setOffline(true);
    const offline = await page.evaluate(async () => {
      const attempt = (url: string) =>
        fetch(url).then(
          (r) => `answered ${r.status}`,
          () => 'failed',
        );
      return [
        await attempt('/api/index/getSetting'),
        await attempt('/market/history/kline?symbol=btcusdt&period=1min&size=1'),
      ];
    });
    expect(offline).toEqual(['failed', 'failed']);
    await context.close();
  }, 120_000);

  it('announces a new version and only reloads into it when the user says so', async () => {
    const { page, context } = await stack.newPage({ serviceWorker: true });
    await page.goto(`${stack.baseUrl}/`);
    await visible(page.getByTestId('market-carousel'));
    await serviceWorkerReady(page);
    // A returning visit: the page is run by the installed worker.
    await page.reload();
    await visible(page.getByTestId('market-carousel'));
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await page.getByTestId('update-prompt').count()).toBe(0);

    // A deploy: the worker script changes (the server serves it no-cache, so the next check sees it).
    const sw = join(staticDir, 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// next version\n`);
    // The build's compressed copies would still be the old script.
    for (const copy of ['.br', '.gz']) rmSync(sw + copy, { force: true });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = await visible(page.getByTestId('update-prompt'));
    expect(await prompt.textContent()).toContain('A new version of the app is ready.');
    // Waiting, not swapped: the new worker is installed and waits while the page keeps the one it loaded with.
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    const waiting = await eventually(
      () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
      (state) => state === 'installed',
      'the new worker to be installed and waiting',
    );
    expect(waiting).toBe('installed');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(controller);
    expect(await page.getByTestId('update-prompt').count()).toBe(1);

    await page.evaluate(() => sessionStorage.setItem('before-update', 'same page'));
    await Promise.all([
      page.waitForEvent('load', { timeout: UI_TIMEOUT_MS }),
      prompt.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await visible(page.getByTestId('market-carousel'));
    // The new worker is the one in charge now, and nothing is left waiting.
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting ?? null,
        active: registration?.active?.state,
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
    expect(after).toEqual({ waiting: null, active: 'activated', controlled: true });
    expect(await page.evaluate(() => sessionStorage.getItem('before-update'))).toBe('same page');
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
    await context.close();
  }, 120_000);
});
