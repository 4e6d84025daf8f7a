import type { Candle, CandleSeries } from '../../../../workers/shared/protocol.ts';

/** What the chart last put on its canvas: the series' identity and its bars as drawn. */
export interface DrawnCandles {
  /** `symbol:period` */
  key: string;
  resetId: number;
  bars: readonly Candle[];
}

/**
 * How to bring the canvas from `drawn` to `next`: `reload` redraws everything (`setData`);
 * `update` redraws only what changed: `history`, bars older than the last one drawn that the engine
 * replaced (a closed bar refreshed from the server, issue 16: `update(bar, true)`), and `live`, the
 * bars from the last one drawn on (`update(bar)`).
 */
export type CandleDrawPlan = { kind: 'reload' } | { kind: 'update'; history: readonly Candle[]; live: readonly Candle[] };

/**
 * The plan for drawing `next`. The engine's series keeps every unchanged bar as the same object
 * (stream-reducers.ts replaces only the tail from a batch's first bar), so a bar that is not the
 * object drawn at its place has changed. A change the chart cannot apply in place (a bar inserted
 * or removed before the last one drawn) reloads.
 */
export function planCandleDraw(drawn: DrawnCandles | null, key: string, next: CandleSeries): CandleDrawPlan {
  const last = drawn?.bars[drawn.bars.length - 1];
  if (!drawn || !last || drawn.key !== key || drawn.resetId !== next.resetId) return { kind: 'reload' };
  const first = next.bars[0];
  // The series may have dropped bars from its front (the history cap) since the last draw.
  const offset = first === undefined ? -1 : drawn.bars.findIndex((bar) => bar.time === first.time);
  if (offset < 0) return { kind: 'reload' };
  const history: Candle[] = [];
  let i = 0;
  for (; i < next.bars.length; i++) {
    const bar = next.bars[i] as Candle;
    if (bar.time >= last.time) break;
    const was = drawn.bars[offset + i];
    if (bar === was) continue;
    if (was === undefined || was.time !== bar.time) return { kind: 'reload' };
    history.push(bar);
  }
  // Every bar drawn before the last one must still be there.
  if (offset + i !== drawn.bars.length - 1) return { kind: 'reload' };
  return { kind: 'update', history, live: next.bars.slice(i) };
}
