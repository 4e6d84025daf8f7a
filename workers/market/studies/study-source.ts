/**
 * The indicators of one pair and period: derived from the candles stream of the same
 * pair and period, which it subscribes like a view (sharing that source: one socket topic, one
 * history), and recomputed per batch from the first bar that changed, so a live bar costs a few
 * values, not the whole history. Subscriptions get the points changed since their previous batch.
 */
import type { Candle, CandlePeriod, CandleSeries, StudyPoint } from '../../../common/protocol.ts';
import { reduceCandles } from '../../../common/stream-reducers.ts';
import {
  SLOW_STREAM_MS,
  StreamSource,
  type Delivery,
  type EngineContext,
  type Subscription,
} from '../streams/stream-source.ts';
import { bollinger, macd, rsi, sma, type Series } from './indicators.ts';

/** The moving-average windows of docs/product-rules.md#chart-indicators. */
export const MA_WINDOWS = [5, 10, 20, 30] as const;

interface StudyCursor {
  reset: boolean;
  /** Earliest bar time changed since the last batch. */
  from: number;
}

const at = (series: Series, i: number): number | null => series[i] ?? null;

export class StudySource extends StreamSource {
  override readonly minIntervalMs = SLOW_STREAM_MS;
  private series: CandleSeries | undefined;
  private closes: number[] = [];
  private ma: Series[] = MA_WINDOWS.map(() => []);
  private boll = { upper: [] as Series, mid: [] as Series, lower: [] as Series };
  private macdState = {
    fast: [] as Series,
    slow: [] as Series,
    macd: [] as Series,
    signal: [] as Series,
    histogram: [] as Series,
  };
  private rsiState = { value: [] as Series, gain: [] as number[], loss: [] as number[] };
  private points: StudyPoint[] = [];
  private stopCandles: (() => void) | undefined;

  constructor(
    ctx: EngineContext,
    private readonly symbol: string,
    private readonly period: CandlePeriod,
  ) {
    super(ctx);
  }

  start(): void {
    this.stopCandles = this.ctx.subscribeInternal(
      { kind: 'candles', symbol: this.symbol, period: this.period },
      (wire) => this.candles(wire as { reset: boolean; bars: Candle[] }),
    );
  }

  stop(): void {
    this.stopCandles?.();
    this.stopCandles = undefined;
    this.series = undefined;
    this.points = [];
  }

  override attach(sub: Subscription): boolean {
    sub.cursor = { reset: true, from: Number.POSITIVE_INFINITY } satisfies StudyCursor;
    return this.points.length > 0;
  }

  take(sub: Subscription): Delivery | undefined {
    const cursor = sub.cursor as StudyCursor;
    const { reset, from } = cursor;
    cursor.reset = false;
    cursor.from = Number.POSITIVE_INFINITY;
    if (this.points.length === 0) return undefined;
    if (reset) return { wire: { reset: true, points: this.points.slice() } };
    const index = this.points.findIndex((point) => point.time >= from);
    return index < 0 ? undefined : { wire: { reset: false, points: this.points.slice(index) } };
  }

  private candles(wire: { reset: boolean; bars: Candle[] }): void {
    const previous = this.series;
    const next = reduceCandles({ kind: 'candles', symbol: this.symbol, period: this.period }, previous, wire);
    this.series = next;
    const bars = next.bars;
    if (bars.length === 0) return;
    // A reload, or bars dropped from the front by the cap, moves every index: compute all again.
    const shifted = !previous || previous.resetId !== next.resetId || previous.bars[0]?.time !== bars[0]?.time;
    const firstChanged = wire.bars[0]?.time ?? Number.POSITIVE_INFINITY;
    let from = shifted ? 0 : bars.findIndex((bar) => bar.time >= firstChanged);
    if (from < 0) return;
    from = Math.min(from, this.points.length);
    this.closes.length = bars.length;
    for (let i = from; i < bars.length; i++) this.closes[i] = Number((bars[i] as Candle).close);
    MA_WINDOWS.forEach((window, k) => sma(this.closes, window, this.ma[k], from));
    bollinger(this.closes, 20, 2, from, this.boll);
    macd(this.closes, 12, 26, 9, from, this.macdState);
    rsi(this.closes, 14, from, this.rsiState);
    this.points.length = bars.length;
    for (let i = from; i < bars.length; i++) {
      this.points[i] = {
        time: (bars[i] as Candle).time,
        ma: [
          at(this.ma[0] as Series, i),
          at(this.ma[1] as Series, i),
          at(this.ma[2] as Series, i),
          at(this.ma[3] as Series, i),
        ],
        bollUpper: at(this.boll.upper, i),
        bollMid: at(this.boll.mid, i),
        bollLower: at(this.boll.lower, i),
        macd: at(this.macdState.macd, i),
        signal: at(this.macdState.signal, i),
        histogram: at(this.macdState.histogram, i),
        rsi: at(this.rsiState.value, i),
      };
    }
    const time = (bars[from] as Candle).time;
    for (const sub of this.subs) {
      const cursor = sub.cursor as StudyCursor;
      if (shifted) cursor.reset = true;
      else cursor.from = Math.min(cursor.from, time);
    }
    this.changed();
  }
}
