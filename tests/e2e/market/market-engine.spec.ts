/**
 * End to end: the market engine in Chromium against the real server, on the engine's test
 * page (bench/pages/index.html: a 1-minute chart, a 20 + 20 row book and a tape on the app's own
 * market hooks, with the chart's bars readable from the page): live chart and book, recovery after
 * the server drops every socket with no candle gap, and `?replay=` of recorded sessions with no
 * server feed involved. live-app.spec.ts checks the same recovery on the app's spot screen.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBenchPages } from '../../../bench/build-pages.ts';
import { UI_TIMEOUT_MS } from '../support/app-helpers.ts';
import { waitForPage } from '../support/market-helpers.ts';
import { startStack, type Stack } from '../support/stack.ts';

const SHARED_SESSION = resolve('../shared/fixtures/huobi/ws/live-session-2021-04-17/transcript.decoded.jsonl');
const OWN_SESSION = resolve('workers/market/__tests__/fixtures/session.ndjson');

/** docs/product-rules.md#constants: the engine waits this long before it reconnects a dropped socket. */
const RECONNECT_WAIT_MS = 3_000;

let stack: Stack;
let pagesDir: string;

beforeAll(async () => {
  pagesDir = mkdtempSync(join(tmpdir(), 'e2e-market-pages-'));
  await buildBenchPages(pagesDir);
  // Served as static files, so `?replay=` can fetch them from the page's origin.
  copyFileSync(OWN_SESSION, join(pagesDir, 'own-session.ndjson'));
  if (existsSync(SHARED_SESSION)) copyFileSync(SHARED_SESSION, join(pagesDir, 'live-session.ndjson'));
  stack = await startStack({ STATIC_DIR: pagesDir });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (pagesDir) rmSync(pagesDir, { recursive: true, force: true });
});

interface Snapshot {
  times: number[];
  bids: number;
  firstBid: string;
  connects: number;
}

/** What the screen shows: chart bar times, filled book rows, and the engine's socket count. */
function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(async () => {
    const series = (window as unknown as { __benchSeries?: { bars: { time: number }[] } | null }).__benchSeries;
    const engine = (window as unknown as { __marketEngine: { stats(): Promise<{ connects: number }> } }).__marketEngine;
    const bids = [...document.querySelectorAll('.bids li span:first-child')].map((span) => span.textContent ?? '');
    return {
      times: series?.bars.map((bar) => bar.time) ?? [],
      bids: bids.filter((text) => text !== '').length,
      firstBid: bids[0] ?? '',
      connects: (await engine.stats()).connects,
    };
  });
}

function expectNoGap(times: number[], step: number): void {
  for (let i = 1; i < times.length; i++) expect((times[i] as number) - (times[i - 1] as number)).toBe(step);
}

describe('market engine in the browser', () => {
  it('fills the chart and the book with live data, and after the server drops every socket resumes after its reconnect wait with no candle gap', async () => {
    const { page, context } = await stack.newPage();
    const klineRequests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/market/history/kline') klineRequests.push(url);
    });
    await page.goto(`${stack.baseUrl}/index.html?symbol=btcusdt`);
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.bids li').length === 20 && document.querySelectorAll('.chart canvas').length > 0,
      null,
      { timeout: 15_000 },
    );
    await page.waitForFunction(
      () => ((window as unknown as { __benchSeries?: { bars: unknown[] } }).__benchSeries?.bars.length ?? 0) >= 100,
      null,
      {
        timeout: 15_000,
      },
    );
    const before = await snapshot(page);
    expect(before.bids).toBe(20);
    expect(Number(before.firstBid)).toBeGreaterThan(0);
    expectNoGap(before.times, 60);

    const dropped = (await (await fetch(`${stack.baseUrl}/__test/feed/drop`, { method: 'POST' })).json()) as {
      dropped: number;
    };
    expect(dropped.dropped).toBeGreaterThan(0);
    const resumedMs = await waitForPage(
      page,
      async (connects) => {
        const engine = (
          window as unknown as { __marketEngine: { stats(): Promise<{ connects: number; frames: number }> } }
        ).__marketEngine;
        const stats = await engine.stats();
        const rows = [...document.querySelectorAll('.bids li span:first-child')].filter(
          (span) => span.textContent !== '',
        );
        return stats.connects > connects && rows.length === 20;
      },
      before.connects,
      RECONNECT_WAIT_MS + UI_TIMEOUT_MS,
    );
    // docs/product-rules.md#constants waits 3 s before reconnecting: a much quicker "resume" would mean the socket
    // never dropped. The wait is timed from when the drop call answered the test, which with two files running
    // at once can come a few hundred milliseconds after the page saw its socket close (a run measured 2,888 ms).
    // How soon after the wait the rows are back depends on the machine's load (a busy run measured 4,369 ms), so
    // it is not judged here: the wait itself is timed exactly, on a moved clock, in engine-socket.test.ts.
    expect(resumedMs).toBeGreaterThanOrEqual(RECONNECT_WAIT_MS - 500);

    // The candles missed while down were asked for from the last bar held (a short request, not the 200-bar history).
    await expect.poll(() => klineRequests.length, { timeout: 3_000 }).toBeGreaterThanOrEqual(2);
    expect(Number(klineRequests.at(-1)?.searchParams.get('size'))).toBeLessThan(200);
    const server = (await (
      await fetch(`${stack.baseUrl}/market/history/kline?symbol=btcusdt&period=1min&size=1`)
    ).json()) as { data: { id: number }[] };
    const serverLast = server.data[0]?.id as number;
    await expect
      .poll(async () => (await snapshot(page)).times.at(-1), { timeout: 3_000 })
      .toBeGreaterThanOrEqual(serverLast);
    const after = await snapshot(page);
    expectNoGap(after.times, 60);
    expect(after.times.at(-1)).toBeGreaterThanOrEqual(before.times.at(-1) as number);
    await context.close();
  });

  it('?replay= plays a recorded session into the screen with no server feed: its books show', async () => {
    const { page, context } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/index.html?symbol=ethbtc&replay=/own-session.ndjson&speed=4`);
    await page.waitForFunction(() => document.querySelector('.bids li span')?.textContent === '0.0000005', null, {
      timeout: 10_000,
    });
    const stats = await page.evaluate(() =>
      (
        window as unknown as { __marketEngine: { stats(): Promise<{ state: string; brokenFrames: number }> } }
      ).__marketEngine.stats(),
    );
    expect(stats).toMatchObject({ state: 'replay', brokenFrames: 0 });
    expect(await page.locator('.bids li').count()).toBe(3);
    await context.close();
  });

  it('?replay= of the recorded live HTX session shows its books', async (ctx) => {
    if (!existsSync(SHARED_SESSION)) {
      const reason =
        'the recorded HTX session (../shared/fixtures/huobi) is not beside this checkout; the own-session replay test covers the path';
      console.log(`[skipped] ${reason}`);
      ctx.skip(reason);
      return;
    }
    const { page, context } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/index.html?symbol=borusdt&replay=/live-session.ndjson&speed=5`);
    await page.waitForFunction(
      () => document.querySelectorAll('.bids li').length === 20 && document.querySelectorAll('.asks li').length === 20,
      null,
      {
        timeout: 10_000,
      },
    );
    const firstBid = Number(await page.locator('.bids li span').first().textContent());
    expect(firstBid).toBeGreaterThan(690);
    expect(firstBid).toBeLessThan(730);
    await context.close();
  });
});
