import { describe, expect, it } from 'vitest';
import { CANDLE_HISTORY_CAP, TRADE_TAPE_SIZE, type Candle, type Trade } from '../protocol.ts';
import { reduceCandles, reduceTrades, reduceWire } from '../stream-reducers.ts';

const key = { kind: 'candles', symbol: 'btcusdt', period: '1min' } as const;
const bar = (time: number, close = '1'): Candle => ({
  time,
  open: '1',
  high: '1',
  low: '1',
  close,
  amount: '1',
  vol: '1',
  count: 1,
});
const trade = (id: number): Trade => ({ tradeId: String(id), ts: id, price: '1', amount: '1', direction: 'buy' });

describe('stream reducers', () => {
  it('candles: a reset replaces the series with a new resetId; a delta replaces the tail from its first bar', () => {
    const first = reduceCandles(key, undefined, { reset: true, bars: [bar(60), bar(120), bar(180)] });
    expect(first.resetId).toBe(1);
    const next = reduceCandles(key, first, { reset: false, bars: [bar(180, '2'), bar(240)] });
    expect(next.bars.map((b) => [b.time, b.close])).toEqual([
      [60, '1'],
      [120, '1'],
      [180, '2'],
      [240, '1'],
    ]);
    expect(next.resetId).toBe(1);
    expect(first.bars).toHaveLength(3);
    expect(reduceCandles(key, next, { reset: true, bars: [bar(60)] }).resetId).toBe(2);
  });

  it('candles: the series is capped, oldest bars dropped', () => {
    const many = Array.from({ length: CANDLE_HISTORY_CAP + 10 }, (_, i) => bar(i * 60));
    const series = reduceCandles(key, undefined, { reset: true, bars: many });
    expect(series.bars).toHaveLength(CANDLE_HISTORY_CAP);
    expect(series.bars[0]?.time).toBe(600);
    const more = reduceCandles(key, series, { reset: false, bars: [bar((CANDLE_HISTORY_CAP + 10) * 60)] });
    expect(more.bars).toHaveLength(CANDLE_HISTORY_CAP);
  });

  it('trades: new trades go on top of the tape, capped; a reset replaces it', () => {
    const tape = reduceTrades(undefined, { reset: true, trades: [trade(2), trade(1)] });
    const next = reduceTrades(tape, { reset: false, trades: [trade(4), trade(3)] });
    expect(next.map((t) => t.tradeId)).toEqual(['4', '3', '2', '1']);
    const full = reduceTrades(next, {
      reset: false,
      trades: Array.from({ length: TRADE_TAPE_SIZE }, (_, i) => trade(1000 - i)),
    });
    expect(full).toHaveLength(TRADE_TAPE_SIZE);
    expect(reduceTrades(full, { reset: true, trades: [trade(9)] })).toEqual([trade(9)]);
  });

  it('other streams pass their value through', () => {
    expect(reduceWire({ kind: 'notices', unreadSwitch: true }, undefined, null)).toBeNull();
  });
});
