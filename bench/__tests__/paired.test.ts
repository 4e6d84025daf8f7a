import { describe, expect, it } from 'vitest';
import type { PageFigures } from '../measure.ts';
import { pairedFigures } from '../paired.ts';

const page = (busyMsPerS: number, fps = 60, frameP95Ms = 16.7, longTasks = 0): PageFigures => ({
  url: 'http://bench.test/',
  busyMsPerS,
  fps,
  frameP95Ms,
  longTasks,
  longFrames: [],
  uiMessagesPerS: 10,
  feedFramesPerS: 250,
});

describe('pairedFigures', () => {
  it("takes the median of the pairs' ratios, not the ratio of the medians, and the worst frames of the subject", () => {
    const figures = pairedFigures([
      { subject: page(110, 59.5, 16.7, 0), base: page(100) },
      { subject: page(160, 58.1, 16.8, 1), base: page(100) },
      { subject: page(200, 59.9, 33.3, 2), base: page(160) },
    ]);
    expect(figures.ratios).toEqual([1.1, 1.6, 1.25]);
    expect(figures.ratio).toBe(1.25);
    // Each screen's median alone: 160 against 100, a ratio of 1.6 that no pair measured.
    expect(figures.subjectBusyMsPerS).toBe(160);
    expect(figures.baseBusyMsPerS).toBe(100);
    expect(figures.fps).toBe(58.1);
    expect(figures.frameP95Ms).toBe(33.3);
    expect(figures.longTasks).toBe(3);
  });

  it('refuses no pairs', () => {
    expect(() => pairedFigures([])).toThrow(/no pairs/);
  });
});
