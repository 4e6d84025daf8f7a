/** The fault soak's figures and verdict, from what run.ts tallied. */
import { resumeFigures } from './compare.ts';

/** One injected fault and how the screens came through it. */
export interface FaultRecord {
  kind: 'drop' | 'stall';
  seconds?: number;
  /** Planned time, ms after the fault window began. */
  plannedAtMs: number;
  /** When the fault began and when the feed was back (epoch ms; a drop's end is when the drop was done). */
  start: number;
  end: number;
  /** From `end` until every screen showed data from after it; undefined when they never did. */
  resumeMs?: number;
  /** Sockets the spot screen's engine had opened before the fault. */
  connectsBefore: number;
  /** Whether the spot screen's engine gave up on its socket (every drop; a stall past the watchdog). */
  socketDown?: boolean;
  /** Book levels left on screen while the socket was down. */
  persistedLevels: number;
}

/** What a soak found, checks and mismatches alike. */
export interface SoakTally {
  source: string;
  screens: string[];
  seed: number;
  minutes: number;
  faultMinutes: number;
  faults: FaultRecord[];
  /** `period time` of each closed bar found missing or differing (each counted once). */
  missingBars: Set<string>;
  differingBars: Set<string>;
  barChecks: number;
  barsComparedAtEnd: number;
  ghostLevels: number;
  bookChecks: number;
  bookChecksUnmatched: number;
  consoleErrors: string[];
  /** Longest wait between two day-summary values on an options screen, ms; NaN without two values. */
  daySummaryMaxGapMs: number;
}

/** Figures in print order: the `name: value` lines. */
export type Figures = Record<string, number | string>;

/** The budget: the slowest recovery under 5 s. */
export const RESUME_BUDGET_MS = 5_000;

const round = (value: number): number | string => (Number.isFinite(value) ? Math.round(value) : 'n/a');

/**
 * The figures, and whether the soak passed: every fault recovered from, no missing or differing
 * bar, no ghost level, no console error, the slowest recovery under 5 s, and both comparisons ran.
 */
export function soakFigures(tally: SoakTally): { figures: Figures; pass: boolean } {
  const resumed = tally.faults.flatMap((fault) => (fault.resumeMs === undefined ? [] : [fault.resumeMs]));
  const resume = resumeFigures(resumed);
  const stalls = tally.faults.filter((fault) => fault.kind === 'stall');
  const stallSeconds = stalls.map((fault) => fault.seconds as number);
  const figures: Figures = {
    source: tally.source,
    screens: tally.screens.join(', '),
    seed: tally.seed,
    minutes: tally.minutes,
    fault_minutes: Number(tally.faultMinutes.toFixed(1)),
    drops: tally.faults.length - stalls.length,
    stalls: stalls.length,
    stall_seconds: stalls.length ? `${Math.min(...stallSeconds)}-${Math.max(...stallSeconds)}` : 'n/a',
    watchdog_recoveries: stalls.filter((fault) => fault.socketDown).length,
    faults_unresumed: tally.faults.length - resumed.length,
    missing_bars: tally.missingBars.size,
    differing_bars: tally.differingBars.size,
    bar_checks: tally.barChecks,
    bars_compared_at_end: tally.barsComparedAtEnd,
    ghost_levels: tally.ghostLevels,
    book_checks: tally.bookChecks,
    book_checks_unmatched: tally.bookChecksUnmatched,
    console_errors: tally.consoleErrors.length,
    resume_p95_ms: round(resume.p95),
    resume_max_ms: round(resume.max),
    day_summary_max_gap_ms: round(tally.daySummaryMaxGapMs),
  };
  const pass =
    resumed.length === tally.faults.length &&
    tally.missingBars.size === 0 &&
    tally.differingBars.size === 0 &&
    tally.ghostLevels === 0 &&
    tally.consoleErrors.length === 0 &&
    tally.barChecks > 0 &&
    tally.bookChecks > 0 &&
    !(resume.max >= RESUME_BUDGET_MS);
  figures.verdict = pass ? 'pass' : 'FAIL';
  return { figures, pass };
}
