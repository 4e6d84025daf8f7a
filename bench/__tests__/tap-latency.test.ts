import { describe, expect, it } from 'vitest';
import { EVENT_THRESHOLD_MS, slowestTenth, tapLatencies } from '../tap-latency.ts';

const entry = (name: string, start: number, duration: number, delay: number, processing: number) => ({
  name,
  start,
  duration,
  processingStart: start + delay,
  processingEnd: start + delay + processing,
});

describe('tap latency figures', () => {
  it('gives each tap its slowest entry, and a tap with none the API threshold', () => {
    const starts = [0, 1000, 2000];
    const entries = [
      entry('pointerdown', 10, 20, 4, 6),
      entry('click', 30, 40, 10, 20),
      entry('click', 1010, 24, 2, 2),
    ];
    const { samples, unreported, details } = tapLatencies(starts, entries);
    expect(samples).toEqual([40, 24, EVENT_THRESHOLD_MS]);
    expect(unreported).toBe(1);
    expect(details[0]).toEqual({
      name: 'click',
      durationMs: 40,
      inputDelayMs: 10,
      processingMs: 20,
      presentationMs: 10,
    });
    expect(details[2]).toBeNull();
  });

  it('splits the slowest tenth of the taps into input delay, processing and presentation', () => {
    const starts = Array.from({ length: 20 }, (_, i) => i * 1000);
    // Two slow taps (the tenth of 20) held up by the main thread; the rest quick.
    const entries = starts.map((start, i) =>
      i === 5
        ? entry('click', start + 1, 90, 60, 10)
        : i === 12
          ? entry('click', start + 1, 70, 40, 10)
          : entry('click', start + 1, 20, 2, 8),
    );
    const { samples, details } = tapLatencies(starts, entries);
    expect(slowestTenth(samples, details)).toEqual({
      taps: 2,
      durationMs: 80,
      inputDelayMs: 50,
      processingMs: 10,
      presentationMs: 20,
    });
  });
});
