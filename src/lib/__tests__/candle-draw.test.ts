import { describe, expect, it } from 'vitest';
import type { Candle, CandleSeries, StudySeries } from '../../../common/protocol.ts';
import {
  drawDueAt,
  LIVE_REDRAW_MS,
  planCandleDraw,
  STUDIES_WAIT_MS,
  type DrawnCandles,
  type DrawTiming,
} from '../candle-draw.ts';

const bar = (time: number, close: string): Candle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  amount: '1',
  vol: '1',
  count: 1,
});
const series = (bars: Candle[], resetId = 1): CandleSeries => ({ symbol: 'btcusdt', period: '1min', bars, resetId });
const drawnOf = (drawn: CandleSeries): DrawnCandles => ({
  key: 'btcusdt:1min',
  resetId: drawn.resetId,
  bars: drawn.bars,
});

describe('candle chart drawing', () => {
  // The engine's series keeps unchanged bars as the same objects (common/stream-reducers.ts).
  const [b60, b120, b180] = [bar(60, '1'), bar(120, '2'), bar(180, '3')] as [Candle, Candle, Candle];
  const history = series([b60, b120, b180]);

  it('reloads the first time, for another pair or period, and after a reset', () => {
    expect(planCandleDraw(null, 'btcusdt:1min', history)).toEqual({ kind: 'reload' });
    expect(planCandleDraw(drawnOf(history), 'btcusdt:5min', history)).toEqual({ kind: 'reload' });
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', series([bar(60, '9')], 2))).toEqual({ kind: 'reload' });
  });

  it('live bars update from the last bar drawn on; nothing older is touched', () => {
    const next = series([b60, b120, bar(180, '3.5'), bar(240, '4')]);
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', next)).toEqual({
      kind: 'update',
      history: [],
      live: [bar(180, '3.5'), bar(240, '4')],
    });
  });

  it('a closed bar the engine refreshed is redrawn in place, with the live bars after it', () => {
    const b240 = bar(240, '4');
    const live = series([b60, b120, b180, b240]);
    const refreshed = series([b60, b120, bar(180, '3.25'), bar(240, '4.5')]);
    expect(planCandleDraw(drawnOf(live), 'btcusdt:1min', refreshed)).toEqual({
      kind: 'update',
      history: [bar(180, '3.25')],
      live: [bar(240, '4.5')],
    });
  });

  it('works across the history cap dropping bars from the front', () => {
    const capped = series([bar(120, '2.25'), b180, bar(240, '4')]);
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', capped)).toEqual({
      kind: 'update',
      history: [bar(120, '2.25')],
      live: [b180, bar(240, '4')],
    });
  });

  it('reloads when a bar appears or disappears before the last one drawn', () => {
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', series([b60, bar(90, '1.5'), b120, b180]))).toEqual({
      kind: 'reload',
    });
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', series([bar(30, '0'), b60, b120, b180]))).toEqual({
      kind: 'reload',
    });
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', series([b60, b180]))).toEqual({ kind: 'reload' });
  });
});

describe("when the candle chart draws (the soak's first long task)", () => {
  const candles = series([bar(60, '1'), bar(120, '2')]);
  const studies = (symbol = 'btcusdt', period: StudySeries['period'] = '1min'): StudySeries => ({
    symbol,
    period,
    resetId: 1,
    points: [
      {
        time: 60,
        ma: [1, null, null, null],
        bollUpper: null,
        bollMid: null,
        bollLower: null,
        macd: null,
        signal: null,
        histogram: null,
        rsi: null,
      },
    ],
  });
  const timing = (over: Partial<DrawTiming>): DrawTiming => ({
    drawn: null,
    candles,
    studies: null,
    wantsStudies: true,
    lastDrawAt: 0,
    candlesSince: 5000,
    ...over,
  });

  it("holds a series' first draw until its indicators came, so candles and lines reach the canvas in one paint", () => {
    expect(drawDueAt(timing({}))).toBe(5000 + STUDIES_WAIT_MS);
    expect(drawDueAt(timing({ studies: studies() }))).toBeLessThanOrEqual(5000);
  });

  it('waits for the indicators of the series it draws, not those of another pair or period', () => {
    expect(drawDueAt(timing({ studies: studies('ethusdt') }))).toBe(5000 + STUDIES_WAIT_MS);
    expect(drawDueAt(timing({ studies: studies('btcusdt', '5min') }))).toBe(5000 + STUDIES_WAIT_MS);
    expect(drawDueAt(timing({ studies: { ...studies(), points: [] } }))).toBe(5000 + STUDIES_WAIT_MS);
  });

  it('waits for nothing when no indicator line is shown', () => {
    expect(drawDueAt(timing({ wantsStudies: false }))).toBeLessThanOrEqual(5000);
  });

  it('another pair or period is a first draw again; a reset of the same series redraws at once', () => {
    expect(drawDueAt(timing({ drawn: { key: 'ethusdt:1min', resetId: 1 } }))).toBe(5000 + STUDIES_WAIT_MS);
    expect(drawDueAt(timing({ drawn: { key: 'btcusdt:1min', resetId: 0 }, lastDrawAt: 4900 }))).toBeLessThanOrEqual(
      4900,
    );
  });

  it('live bars of a drawn series wait LIVE_REDRAW_MS after the last draw, indicators or not', () => {
    const drawn = { key: 'btcusdt:1min', resetId: 1 };
    expect(drawDueAt(timing({ drawn, lastDrawAt: 7000 }))).toBe(7000 + LIVE_REDRAW_MS);
    expect(drawDueAt(timing({ drawn, lastDrawAt: 7000, studies: studies() }))).toBe(7000 + LIVE_REDRAW_MS);
  });
});
