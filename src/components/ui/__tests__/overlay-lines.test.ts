import { describe, expect, it } from 'vitest';
import type { StudyPoint } from '../../../../common/protocol.ts';
import { firstPointAt, linesRange, type OverlayLine } from '../overlay-lines.ts';

/** A study point at `time` whose first two moving averages are `ma0` and `ma1`. */
const point = (time: number, ma0: number | null, ma1: number | null): StudyPoint => ({
  time,
  ma: [ma0, ma1, null, null],
  bollUpper: null,
  bollMid: null,
  bollLower: null,
  macd: null,
  signal: null,
  histogram: null,
  rsi: null,
});

const MA0: OverlayLine = { colour: '#f5a623', pick: (p) => p.ma[0] };
const MA1: OverlayLine = { colour: '#2f6bff', pick: (p) => p.ma[1] };
const points = [point(60, null, null), point(120, 10, null), point(180, 14, 30), point(240, 8, 25), point(300, 12, 5)];

describe('overlay lines', () => {
  it('finds the first point at or after a time', () => {
    expect(firstPointAt(points, 0)).toBe(0);
    expect(firstPointAt(points, 60)).toBe(0);
    expect(firstPointAt(points, 61)).toBe(1);
    expect(firstPointAt(points, 240)).toBe(3);
    expect(firstPointAt(points, 301)).toBe(points.length);
    expect(firstPointAt([], 100)).toBe(0);
  });

  it("gives the price scale the lines' lowest and highest value over the times in view only", () => {
    expect(linesRange(points, [MA0, MA1], 180, 240)).toEqual({ minValue: 8, maxValue: 30 });
    // The 5 at 300 and the 10 at 120 lie outside the view.
    expect(linesRange(points, [MA0], 180, 240)).toEqual({ minValue: 8, maxValue: 14 });
    expect(linesRange(points, [MA0, MA1], 0, 1000)).toEqual({ minValue: 5, maxValue: 30 });
  });

  it('skips points with no value yet, and gives no range where the lines have none', () => {
    expect(linesRange(points, [MA1], 60, 120)).toBeNull();
    expect(linesRange(points, [MA0, MA1], 60, 120)).toEqual({ minValue: 10, maxValue: 10 });
    expect(linesRange(points, [MA0], 400, 500)).toBeNull();
    expect(linesRange([], [MA0], 0, 1000)).toBeNull();
  });
});
