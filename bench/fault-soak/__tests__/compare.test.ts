import { describe, expect, it } from 'vitest';
import {
  candlesCaughtUp,
  compareBars,
  freshSince,
  ghostLevels,
  persistedLevels,
  resumeFigures,
  type BookEvent,
  type ComparableBar,
} from '../compare.ts';

/** A UI bar (decimal strings, as the engine delivers them) with the given close. */
const uiBar = (time: number, close: string): ComparableBar => ({
  time,
  open: '100',
  high: '110',
  low: '90',
  close,
  amount: '1.5',
  vol: '150',
});
/** The server's bar of the same shape (JSON numbers, as its REST answers). */
const serverBar = (time: number, close: number): ComparableBar => ({
  time,
  open: 100,
  high: 110,
  low: 90,
  close,
  amount: 1.5,
  vol: 150,
});

describe('fault soak: bars', () => {
  const server = [serverBar(60, 101), serverBar(120, 102), serverBar(180, 103), serverBar(240, 104)];

  it('equal series: nothing missing or differing; the open bar is not compared', () => {
    const ui = [uiBar(60, '101'), uiBar(120, '102'), uiBar(180, '103'), uiBar(240, '999')];
    expect(compareBars(ui, server)).toEqual({ missing: [], differing: [], compared: 3 });
  });

  it('a gap: the closed bar the UI lacks is missing', () => {
    const ui = [uiBar(60, '101'), uiBar(180, '103'), uiBar(240, '104')];
    expect(compareBars(ui, server)).toMatchObject({ missing: [120], differing: [] });
  });

  it('a UI that stopped before the open bar misses the closed bars after its last one', () => {
    const ui = [uiBar(60, '101'), uiBar(120, '102')];
    expect(compareBars(ui, server).missing).toEqual([180]);
  });

  it('a changed bar: the fields that differ are named', () => {
    const ui = [uiBar(60, '101'), { ...uiBar(120, '102.5'), vol: '151' }, uiBar(180, '103'), uiBar(240, '104')];
    expect(compareBars(ui, server).differing).toEqual([{ time: 120, fields: ['close', 'vol'] }]);
  });

  it('values compare as numbers: the wire text 2.0E3 and the decimal 2000 are the same', () => {
    const ui = [{ ...uiBar(60, '101'), vol: '2000' }, uiBar(120, '102')];
    expect(compareBars(ui, [{ ...serverBar(60, 101), vol: Number('2.0E3') }, serverBar(120, 102)])).toEqual({
      missing: [],
      differing: [],
      compared: 1,
    });
  });

  it('a bar the server does not have differs; bars older than the server answer are left alone', () => {
    const ui = [
      uiBar(0, '1'),
      uiBar(60, '101'),
      uiBar(90, '50'),
      uiBar(120, '102'),
      uiBar(180, '103'),
      uiBar(240, '104'),
    ];
    expect(compareBars(ui, server).differing).toEqual([{ time: 90, fields: ['not on the server'] }]);
  });
});

describe('fault soak: books', () => {
  const server = {
    bids: [
      [100, 1],
      [99, 2],
      [98, 3],
    ] as const,
    asks: [
      [101, 1],
      [102, 2],
    ] as const,
  };

  it('a ghost level: a price the server book lacks, or the price with another size', () => {
    expect(
      ghostLevels(
        {
          bids: [
            [100, 1],
            [99, 2],
          ],
          asks: [[101, 1]],
        },
        server,
      ),
    ).toBe(0);
    expect(
      ghostLevels(
        {
          bids: [
            [100, 1],
            [97.5, 4],
          ],
          asks: [
            [101, 1],
            [102, 3],
          ],
        },
        server,
      ),
    ).toBe(2);
  });

  const book = (at: number, ts: number, levels: number): BookEvent => ({ at, ts, levels });
  const freshAfter = (t: number) => (event: BookEvent) => event.levels > 0 && event.ts > t;

  it('a book emptied after the drop and then fresh: nothing persisted', () => {
    const events = [book(900, 900, 40), book(1_010, 0, 0), book(4_100, 4_100, 40)];
    expect(persistedLevels(events, 1_000, freshAfter(1_000))).toBe(0);
  });

  it('a book that stayed on screen until fresh data replaced it: its levels persisted', () => {
    const events = [book(900, 900, 40), book(4_100, 4_100, 40)];
    expect(persistedLevels(events, 1_000, freshAfter(1_000))).toBe(40);
    // Still on screen, no fresh data yet.
    expect(persistedLevels([book(900, 900, 40)], 1_000, freshAfter(1_000))).toBe(40);
    // A stale push delivered after the drop, then cleared: nothing persisted.
    expect(
      persistedLevels([book(900, 900, 40), book(1_020, 990, 38), book(1_030, 0, 0)], 1_000, freshAfter(1_000)),
    ).toBe(0);
  });
});

describe('fault soak: recovery', () => {
  it('a chart caught up: a newer bar, or the same bar with at least the trades the server had', () => {
    const reference = { time: 120, count: 50 };
    expect(candlesCaughtUp({ at: 0, lastTime: 60, lastCount: 500 }, reference)).toBe(false);
    expect(candlesCaughtUp({ at: 0, lastTime: 120, lastCount: 49 }, reference)).toBe(false);
    expect(candlesCaughtUp({ at: 0, lastTime: 120, lastCount: 50 }, reference)).toBe(true);
    expect(candlesCaughtUp({ at: 0, lastTime: 180, lastCount: 0 }, reference)).toBe(true);
    expect(candlesCaughtUp({ at: 0, lastTime: null, lastCount: null }, reference)).toBe(false);
  });

  it('fresh since the fault: the first fresh value, restarted when the stream went stale again', () => {
    const fresh = (e: { at: number; ok: boolean }) => e.ok;
    const events = [
      { at: 500, ok: true },
      { at: 1_200, ok: false },
      { at: 1_300, ok: true },
      { at: 1_400, ok: false },
      { at: 4_100, ok: true },
      { at: 5_000, ok: true },
    ];
    expect(freshSince(events, 1_000, 1_350, fresh)).toBe(1_300);
    expect(freshSince(events, 1_000, 9_000, fresh)).toBe(4_100);
    expect(freshSince(events, 1_000, 1_250, fresh)).toBeUndefined();
  });

  it('p95 and max of the resume times', () => {
    const times = Array.from({ length: 20 }, (_, i) => 3_000 + i * 10);
    expect(resumeFigures(times)).toEqual({ p95: 3_180, max: 3_190 });
    expect(resumeFigures([])).toEqual({ p95: Number.NaN, max: Number.NaN });
  });
});
