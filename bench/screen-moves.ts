/**
 * How long a tap on a footer tab takes to show the next screen when that screen's code has not been
 * loaded in the page yet (docs/architecture.md#moving-between-screens). Each move opens home afresh
 * in a new phone context, throttled like the other parts, waits for it to settle, taps the tab over
 * the debugging protocol, and reads in the page the time from the tap's pointerdown to the first
 * frame that starts with home gone and no page skeleton in its place: the next screen is on show.
 */
import type { Browser } from 'playwright-core';
import { openBenchPage, pollUntil, tapWhenShown, type BenchPage } from './open-page.ts';
import { closeNoticeBanner, storedSession } from './options-screen.ts';
import { percentile } from './stats.ts';

/** The tabs moved to, by their test ids: each a lazy screen of its own. */
export const MOVE_TABS = ['tab-market', 'tab-exchange', 'tab-assets'] as const;

const SETTLE_MS = 3000;
const SHOWN_TIMEOUT_MS = 30_000;

/**
 * Watches for the next screen; a string, as tsx helpers do not exist in the page. The frame counted
 * is the one whose animation callbacks run first after the DOM shows it.
 */
const WATCH = `(() => {
  const move = (window.__move = { downAt: 0, shownAt: 0 });
  addEventListener('pointerdown', (event) => { move.downAt ||= event.timeStamp; }, true);
  const root = document.getElementById('root');
  const shown = () =>
    !root.querySelector('[data-testid="banners"]') && !root.querySelector(':scope > [aria-busy="true"]');
  const observer = new MutationObserver(() => {
    if (!move.downAt || !shown()) return;
    observer.disconnect();
    requestAnimationFrame((frameAt) => { move.shownAt = frameAt; });
  });
  observer.observe(root, { childList: true, subtree: true });
})()`;

/** Home, signed in as the demo user: its banners are shown and its notice banner closed. */
export function homeScreen(baseUrl: string, token: string): BenchPage {
  return {
    url: `${baseUrl}/`,
    ready: `!!document.querySelector('[data-testid="banners"] img')`,
    initScripts: [storedSession(token)],
    prepare: closeNoticeBanner,
  };
}

export interface MoveFigures {
  /** Per tab, each move's milliseconds from the tap to the frame showing the next screen. */
  samples: Record<string, number[]>;
  /** Per tab, their median. */
  medianMs: Record<string, number>;
}

/** `moves` moves to each of MOVE_TABS from home (`home`, signed in, its feed running). */
export async function measureMoves(
  browser: Browser,
  home: BenchPage,
  cpuThrottle: number,
  moves: number,
): Promise<MoveFigures> {
  const samples: Record<string, number[]> = {};
  for (let round = 0; round < moves; round++) {
    for (const tab of MOVE_TABS) {
      const opened = await openBenchPage(browser, home, cpuThrottle, []);
      try {
        const { page } = opened;
        await page.waitForTimeout(SETTLE_MS);
        await page.evaluate(WATCH);
        if (!(await tapWhenShown(page, `[data-testid="${tab}"]`, SHOWN_TIMEOUT_MS)))
          throw new Error(`${tab}: the tab never showed within ${SHOWN_TIMEOUT_MS} ms`);
        if (!(await pollUntil(page, 'window.__move.shownAt > 0', SHOWN_TIMEOUT_MS)))
          throw new Error(`${tab}: the next screen did not show within ${SHOWN_TIMEOUT_MS} ms`);
        const { downAt, shownAt } = (await page.evaluate('window.__move')) as { downAt: number; shownAt: number };
        (samples[tab] ??= []).push(shownAt - downAt);
      } finally {
        await opened.context.close();
      }
    }
  }
  const medianMs = Object.fromEntries(Object.entries(samples).map(([tab, values]) => [tab, percentile(values, 50)]));
  return { samples, medianMs };
}
