/**
 * A short fault soak (bench/fault-soak/run.ts) on the built app against the real server: half a
 * minute, 3 drops and 1 stall, the spot screen and the 1-minute chart open (the ten-minute soak of
 * 100 drops and 10 stalls is `npm run soak:faults`). Every
 * closed bar on the chart must equal the server's history, no book level may outlive its push or
 * the socket, no console error, and every recovery under the 5 s budget. The soak's own pace is
 * set by the screens' recovery, never by fixed sleeps, so a busy machine only makes it longer.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESUME_BUDGET_MS, runFaultSoak } from '../../../bench/fault-soak/run.ts';
import { e2eLaunchOptions } from '../../../playwright.config.ts';

describe('fault soak', () => {
  it('half a minute, 3 drops, 1 stall: charts and book equal the market, no console error, every recovery under 5 s', async () => {
    const { figures } = await runFaultSoak({
      staticDir: resolve('dist'),
      minutes: 0.5,
      drops: 3,
      stalls: 1,
      seed: 1,
      periods: ['1min'],
      symbol: 'btcusdt',
      launch: e2eLaunchOptions,
    });
    const report = JSON.stringify(figures);
    expect(figures, report).toMatchObject({
      drops: 3,
      stalls: 1,
      faults_unresumed: 0,
      missing_bars: 0,
      differing_bars: 0,
      ghost_levels: 0,
      console_errors: 0,
    });
    expect(figures.bar_checks, report).toBeGreaterThan(0);
    expect(figures.bars_compared_at_end, report).toBeGreaterThan(0);
    expect(figures.book_checks, report).toBeGreaterThan(0);
    expect(figures.resume_max_ms, report).toBeLessThan(RESUME_BUDGET_MS);
  }, 480_000);
});
