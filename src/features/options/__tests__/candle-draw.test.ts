import { describe, expect, it } from 'vitest';
import type { Candle, CandleSeries } from '../../../../workers/shared/protocol.ts';
import { planCandleDraw, type DrawnCandles } from '../api/candle-draw.ts';

const bar = (time: number, close: string): Candle => ({ time, open: close, high: close, low: close, close, amount: '1', vol: '1', count: 1 });
const series = (bars: Candle[], resetId = 1): CandleSeries => ({ symbol: 'btcusdt', period: '1min', bars, resetId });
const drawnOf = (drawn: CandleSeries): DrawnCandles => ({ key: 'btcusdt:1min', resetId: drawn.resetId, bars: drawn.bars });

describe('candle chart drawing (issue 16)', () => {
  // The engine's series keeps unchanged bars as the same objects (workers/shared/stream-reducers.ts).
  const [b60, b120, b180] = [bar(60, '1'), bar(120, '2'), bar(180, '3')] as [Candle, Candle, Candle];
  const history = series([b60, b120, b180]);

  it('reloads the first time, for another pair or period, and after a reset', () => {
    expect(planCandleDraw(null, 'btcusdt:1min', history)).toEqual({ kind: 'reload' });
    expect(planCandleDraw(drawnOf(history), 'btcusdt:5min', history)).toEqual({ kind: 'reload' });
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', series([bar(60, '9')], 2))).toEqual({ kind: 'reload' });
  });

  it('live bars update from the last bar drawn on; nothing older is touched', () => {
    const next = series([b60, b120, bar(180, '3.5'), bar(240, '4')]);
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', next)).toEqual({ kind: 'update', history: [], live: [bar(180, '3.5'), bar(240, '4')] });
  });

  it('a closed bar the engine refreshed is redrawn in place, with the live bars after it', () => {
    const b240 = bar(240, '4');
    const live = series([b60, b120, b180, b240]);
    const refreshed = series([b60, b120, bar(180, '3.25'), bar(240, '4.5')]);
    expect(planCandleDraw(drawnOf(live), 'btcusdt:1min', refreshed)).toEqual({ kind: 'update', history: [bar(180, '3.25')], live: [bar(240, '4.5')] });
  });

  it('works across the history cap dropping bars from the front', () => {
    const capped = series([bar(120, '2.25'), b180, bar(240, '4')]);
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', capped)).toEqual({ kind: 'update', history: [bar(120, '2.25')], live: [b180, bar(240, '4')] });
  });

  it('reloads when a bar appears or disappears before the last one drawn', () => {
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', series([b60, bar(90, '1.5'), b120, b180]))).toEqual({ kind: 'reload' });
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', series([bar(30, '0'), b60, b120, b180]))).toEqual({ kind: 'reload' });
    expect(planCandleDraw(drawnOf(history), 'btcusdt:1min', series([b60, b180]))).toEqual({ kind: 'reload' });
  });
});
