import { describe, expect, it } from 'vitest';
import { encodeBar } from '../encode.ts';
import { PERIODS, type Period } from '../periods.ts';
import { Prng } from '../prng.ts';
import { buildHistory, sharedHistory } from '../sim/history.ts';
import { Simulator } from '../sim/simulator.ts';
import { SYMBOLS, findSymbol } from '../symbols.ts';
import type { Bar } from '../types.ts';

const START = Date.UTC(2025, 0, 15, 10, 30, 12, 345);
const START_SEC = Math.floor(START / 60_000) * 60;
const eth = findSymbol('ethusdt')!;
const SCALES = { priceScale: 10 ** eth.pricePrecision };
const TICKS = 3_150_000;

const encoded = (history: Record<Period, readonly Bar[]>): Record<string, string[]> =>
  Object.fromEntries(PERIODS.map((period) => [period, history[period].map(encodeBar)]));

describe('the history simulators of one process share', () => {
  it('is the history building it gives, and leaves the generator where building leaves it', () => {
    const built = new Prng(5, 2);
    const reference = encoded(buildHistory(eth, built, new Prng(5, -2), START_SEC, TICKS, SCALES));
    for (let run = 0; run < 2; run++) {
      // The first run builds; the second is served what the first built.
      const rng = new Prng(5, 2);
      expect(encoded(sharedHistory(eth, rng, new Prng(5, -2), START_SEC, TICKS, SCALES))).toEqual(reference);
      expect(rng.snapshot()).toEqual(built.snapshot());
    }
  });

  it('is built again for another start, seed or price', () => {
    const first = sharedHistory(eth, new Prng(5, 2), new Prng(5, -2), START_SEC, TICKS, SCALES);
    const later = sharedHistory(eth, new Prng(5, 2), new Prng(5, -2), START_SEC + 60, TICKS, SCALES);
    expect(later['1min'].at(-1)?.id).toBe((first['1min'].at(-1)?.id ?? 0) + 60);
    const seeded = sharedHistory(eth, new Prng(6, 2), new Prng(6, -2), START_SEC, TICKS, SCALES);
    expect(encoded(seeded)).toEqual(
      encoded(buildHistory(eth, new Prng(6, 2), new Prng(6, -2), START_SEC, TICKS, SCALES)),
    );
    expect(encoded(seeded)['1min']).not.toEqual(encoded(first)['1min']);
    const priced = sharedHistory(eth, new Prng(5, 2), new Prng(5, -2), START_SEC, TICKS * 2, SCALES);
    expect(encoded(priced)).toEqual(
      encoded(buildHistory(eth, new Prng(5, 2), new Prng(5, -2), START_SEC, TICKS * 2, SCALES)),
    );
  });

  it("keeps each simulator's bars its own: trading in one leaves the other's candles as they were", () => {
    const symbols = SYMBOLS.filter((s) => s.symbol === 'btcusdt');
    const quiet = new Simulator({ seed: 9, startMs: START, symbols });
    const before = PERIODS.map((period) => quiet.bars('btcusdt', period)?.map(encodeBar));
    const busy = new Simulator({ seed: 9, startMs: START, symbols });
    busy.advanceTo(START + 5 * 60_000);
    expect(busy.bars('btcusdt', '1min')?.map(encodeBar)).not.toEqual(before[0]);
    expect(PERIODS.map((period) => quiet.bars('btcusdt', period)?.map(encodeBar))).toEqual(before);
  });
});
