/**
 * Turns the worker's wire values into what the UI sees (protocol.ts `StreamWire` → `StreamValue`).
 * Candles and trades travel as deltas so a frame never re-sends a thousand bars; the UI side keeps
 * the whole series. Pure functions, used by src/lib/engine-streams.ts on the main thread.
 */
import {
  CANDLE_HISTORY_CAP,
  TRADE_TAPE_SIZE,
  type CandleSeries,
  type StreamKey,
  type StreamValue,
  type StreamWire,
  type StudyPoint,
  type StudySeries,
  type Trade,
} from './protocol.ts';

type CandleKey = Extract<StreamKey, { kind: 'candles' }>;

/** Applies a candle batch: a reset replaces the series (new resetId), otherwise the tail is replaced from the batch's first bar. */
export function reduceCandles(
  key: CandleKey,
  previous: CandleSeries | undefined,
  wire: StreamWire<CandleKey>,
): CandleSeries {
  if (wire.reset || !previous) {
    return {
      symbol: key.symbol,
      period: key.period,
      bars: wire.bars.slice(-CANDLE_HISTORY_CAP),
      resetId: (previous?.resetId ?? 0) + 1,
    };
  }
  const first = wire.bars[0];
  if (!first) return previous;
  let keep = previous.bars.length;
  while (keep > 0 && (previous.bars[keep - 1] as { time: number }).time >= first.time) keep--;
  const bars = previous.bars.slice(0, keep).concat(wire.bars);
  return { ...previous, bars: bars.length > CANDLE_HISTORY_CAP ? bars.slice(-CANDLE_HISTORY_CAP) : bars };
}

type StudyKey = Extract<StreamKey, { kind: 'studies' }>;

/** Applies an indicator batch like a candle batch: a reset replaces, otherwise the tail from the first point. */
export function reduceStudies(
  key: StudyKey,
  previous: StudySeries | undefined,
  wire: { reset: boolean; points: StudyPoint[] },
): StudySeries {
  if (wire.reset || !previous) {
    return {
      symbol: key.symbol,
      period: key.period,
      points: wire.points.slice(-CANDLE_HISTORY_CAP),
      resetId: (previous?.resetId ?? 0) + 1,
    };
  }
  const first = wire.points[0];
  if (!first) return previous;
  let keep = previous.points.length;
  while (keep > 0 && (previous.points[keep - 1] as StudyPoint).time >= first.time) keep--;
  const points = previous.points.slice(0, keep).concat(wire.points);
  return { ...previous, points: points.length > CANDLE_HISTORY_CAP ? points.slice(-CANDLE_HISTORY_CAP) : points };
}

/** Applies a trade batch: a reset replaces the tape, otherwise the new trades go on top. */
export function reduceTrades(
  previous: readonly Trade[] | undefined,
  wire: { reset: boolean; trades: Trade[] },
): readonly Trade[] {
  if (wire.reset || !previous) return wire.trades.slice(0, TRADE_TAPE_SIZE);
  return wire.trades.concat(previous).slice(0, TRADE_TAPE_SIZE);
}

/** The UI value after one wire value of stream `key`. */
export function reduceWire<K extends StreamKey>(
  key: K,
  previous: StreamValue<K> | undefined,
  wire: StreamWire<K>,
): StreamValue<K> {
  if (key.kind === 'candles') {
    return reduceCandles(key, previous as CandleSeries | undefined, wire as StreamWire<CandleKey>) as StreamValue<K>;
  }
  if (key.kind === 'studies') {
    return reduceStudies(
      key,
      previous as StudySeries | undefined,
      wire as { reset: boolean; points: StudyPoint[] },
    ) as StreamValue<K>;
  }
  if (key.kind === 'trades') {
    return reduceTrades(
      previous as readonly Trade[] | undefined,
      wire as { reset: boolean; trades: Trade[] },
    ) as StreamValue<K>;
  }
  return wire as StreamValue<K>;
}
