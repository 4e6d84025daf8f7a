/**
 * A screen's cost against another's, measured in alternating pairs (docs/performance.md#spot-book-and-depth-chart):
 * on a shared host one window per screen, minutes apart, swings by more than a tenth, so the spot
 * screen and the options screen (and the spot screen with and without its depth chart) are measured
 * one after the other several times and the ratio is the median of the pairs' ratios. The frame
 * figures take the worst window: no pair is picked.
 */
import type { PageFigures } from './measure.ts';
import { percentile } from './stats.ts';

export interface PairedFigures {
  /** Median of the pairs' busy-time ratios, subject over base. */
  ratio: number;
  ratios: number[];
  /** Medians of the subject's and the base's busy time (ms/s). */
  subjectBusyMsPerS: number;
  baseBusyMsPerS: number;
  /** The subject's worst window: lowest fps, highest p95 frame, and its long tasks summed. */
  fps: number;
  frameP95Ms: number;
  longTasks: number;
}

export function pairedFigures(pairs: readonly { subject: PageFigures; base: PageFigures }[]): PairedFigures {
  if (pairs.length === 0) throw new Error('pairedFigures: no pairs');
  const median = (values: number[]) => percentile(values, 50);
  const subjects = pairs.map((pair) => pair.subject);
  const ratios = pairs.map(({ subject, base }) => subject.busyMsPerS / base.busyMsPerS);
  return {
    ratio: median(ratios),
    ratios,
    subjectBusyMsPerS: median(subjects.map((page) => page.busyMsPerS)),
    baseBusyMsPerS: median(pairs.map((pair) => pair.base.busyMsPerS)),
    fps: Math.min(...subjects.map((page) => page.fps)),
    frameP95Ms: Math.max(...subjects.map((page) => page.frameP95Ms)),
    longTasks: subjects.reduce((sum, page) => sum + page.longTasks, 0),
  };
}
