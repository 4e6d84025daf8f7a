import { describe, expect, it } from 'vitest';
import { depthColumn, depthCurve, type DepthCurve } from '../depth-curve.ts';

const book = (bids: number[], asks: number[]) => ({
  symbol: 'btcusdt',
  ts: 7,
  bids: new Float64Array(bids),
  asks: new Float64Array(asks),
});

/**
 * The chart as the page drew it from every level: per pixel column of a chart `width` pixels wide,
 * the total the stepped area reaches at the column's outer edge, for one side.
 */
function drawnColumns(curve: DepthCurve, side: 'bids' | 'asks', width: number, span: number): number[] {
  const column = depthColumn(curve.mid, span, width);
  const points = curve[side];
  return Array.from({ length: width }, (_, c) => {
    let total = 0;
    for (let i = 0; i + 1 < points.length; i += 2) {
      const at = column(points[i] as number);
      if (side === 'asks' ? at <= c : at >= c) total = Math.max(total, points[i + 1] as number);
    }
    return total;
  });
}

/** A book of `levels` levels a side around 100, ticks of 0.01, sizes from a fixed sequence. */
function deepBook(levels: number) {
  const bids: number[] = [];
  const asks: number[] = [];
  for (let i = 0; i < levels; i++) {
    bids.push(Number((99.99 - i * 0.01).toFixed(2)), ((i * 7919) % 13) / 4 + 0.25);
    asks.push(Number((100.01 + i * 0.01).toFixed(2)), ((i * 104729) % 11) / 4 + 0.25);
  }
  return book(bids, asks);
}

describe('the depth curve the worker computes', () => {
  it('adds sizes outward from the best price of each side, around the mid', () => {
    const depth = depthCurve(book([99, 1, 98, 2.5, 97, 4], [101, 3, 103, 0.5]));
    expect([...depth.bids]).toEqual([99, 1, 98, 3.5, 97, 7.5]);
    expect([...depth.asks]).toEqual([101, 3, 103, 3.5]);
    expect(depth.mid).toBe(100);
    expect(depth.maxTotal).toBe(7.5);
    expect(depth).toMatchObject({ symbol: 'btcusdt', ts: 7 });
    const empty = depthCurve(book([], [5, 1]));
    expect(Number.isNaN(empty.mid)).toBe(true);
    expect(empty.maxTotal).toBe(1);
  });

  it('at the chart resolution keeps fewer points, and draws every pixel column as every level did', () => {
    const full = depthCurve(deepBook(150));
    const width = 120;
    const thinned = depthCurve(deepBook(150), width);
    expect(thinned.bids.length).toBeLessThan(full.bids.length);
    expect(thinned.asks.length / 2).toBeLessThanOrEqual(width / 2 + 1);
    expect(thinned.mid).toBe(full.mid);
    expect(thinned.maxTotal).toBe(full.maxTotal);
    const span = Math.max(full.mid - (full.bids.at(-2) as number), (full.asks.at(-2) as number) - full.mid);
    for (const side of ['bids', 'asks'] as const)
      expect(drawnColumns(thinned, side, width, span)).toEqual(drawnColumns(full, side, width, span));
  });

  it('keeps every level when the chart is wider than the book is deep', () => {
    const full = depthCurve(deepBook(20));
    const wide = depthCurve(deepBook(20), 2000);
    expect([...wide.bids]).toEqual([...full.bids]);
    expect([...wide.asks]).toEqual([...full.asks]);
  });
});
