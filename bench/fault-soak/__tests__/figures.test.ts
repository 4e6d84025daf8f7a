import { describe, expect, it } from 'vitest';
import { soakFigures, type FaultRecord, type SoakTally } from '../figures.ts';

const drop = (resumeMs?: number): FaultRecord => ({
  kind: 'drop',
  plannedAtMs: 0,
  start: 0,
  end: 0,
  resumeMs,
  connectsBefore: 1,
  socketDown: true,
  persistedLevels: 0,
});
const stall = (seconds: number, socketDown: boolean): FaultRecord => ({
  ...drop(900),
  kind: 'stall',
  seconds,
  socketDown,
});
const tally = (changes: Partial<SoakTally> = {}): SoakTally => ({
  source: 'simulate (FEED_SEED 1)',
  screens: ['spot', 'options 1min'],
  seed: 1,
  minutes: 1,
  faultMinutes: 1.04,
  faults: [drop(3_020), drop(3_100), stall(12.4, true), stall(4, false)],
  missingBars: new Set(),
  differingBars: new Set(),
  barChecks: 2,
  barsComparedAtEnd: 199,
  ghostLevels: 0,
  bookChecks: 4,
  bookChecksUnmatched: 0,
  consoleErrors: [],
  daySummaryMaxGapMs: 5_040.4,
  ...changes,
});

describe('fault soak: figures and verdict', () => {
  it('a clean soak passes, with its figures in order', () => {
    const { figures, pass } = soakFigures(tally());
    expect(pass).toBe(true);
    expect(figures).toMatchObject({
      drops: 2,
      stalls: 2,
      stall_seconds: '4-12.4',
      watchdog_recoveries: 1,
      faults_unresumed: 0,
      missing_bars: 0,
      differing_bars: 0,
      ghost_levels: 0,
      console_errors: 0,
      resume_p95_ms: 3_100,
      resume_max_ms: 3_100,
      day_summary_max_gap_ms: 5_040,
      verdict: 'pass',
    });
    expect(Object.keys(figures).at(-1)).toBe('verdict');
  });

  it('any mismatch, error, unresumed fault, slow recovery or missing check fails it', () => {
    const fails = (changes: Partial<SoakTally>) => soakFigures(tally(changes)).pass;
    expect(fails({ differingBars: new Set(['1min 2026-01-01T00:01:00.000Z']) })).toBe(false);
    expect(fails({ missingBars: new Set(['5min 2026-01-01T00:05:00.000Z']) })).toBe(false);
    expect(fails({ ghostLevels: 1 })).toBe(false);
    expect(fails({ consoleErrors: ['spot: boom'] })).toBe(false);
    expect(fails({ faults: [drop(3_000), drop(undefined)] })).toBe(false);
    expect(fails({ faults: [drop(5_000)] })).toBe(false);
    expect(fails({ faults: [drop(4_999)] })).toBe(true);
    expect(fails({ barChecks: 0 })).toBe(false);
    expect(fails({ bookChecks: 0 })).toBe(false);
    expect(soakFigures(tally({ differingBars: new Set(['x']) })).figures.verdict).toBe('FAIL');
  });
});
