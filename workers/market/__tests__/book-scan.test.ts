import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchSession } from '../../../bench/feed-session.ts';
import { scanBookFrame } from '../normalize/book-scan.ts';
import { BrokenFrameError } from '../normalize/fields.ts';
import { decodeFrame } from '../normalize/frames.ts';
import { bookFrom } from '../normalize/market.ts';
import { parseTranscript } from '../record/transcript.ts';
import { OWN_FIXTURES, sharedFixtures } from './support/fixtures.ts';

/** What JSON.parse gives, with every array of number pairs packed as the scanner packs it. */
function packed(value: unknown): unknown {
  if (Array.isArray(value)) return new Float64Array((value as number[][]).flat());
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, packed(inner)]));
}

/** Equal as Object.is sees numbers (so -0 and 0 differ), Float64Arrays element by element. */
function expectSame(actual: unknown, expected: unknown): void {
  if (expected instanceof Float64Array) {
    expect(actual).toBeInstanceOf(Float64Array);
    expect([...(actual as Float64Array)].map((n) => (Object.is(n, -0) ? '-0' : n))).toEqual(
      [...expected].map((n) => (Object.is(n, -0) ? '-0' : n)),
    );
    return;
  }
  if (typeof expected === 'object' && expected !== null) {
    expect(Object.keys(actual as object)).toEqual(Object.keys(expected));
    for (const [key, inner] of Object.entries(expected)) expectSame((actual as Record<string, unknown>)[key], inner);
    return;
  }
  expect(Object.is(actual, expected)).toBe(true);
}

const bookFrameOf = (pairs: string): string =>
  `{"ch":"market.btcusdt.depth.step0","ts":1,"tick":{"bids":[${pairs}],"asks":[],"ts":1}}`;

/** A seeded generator: the same numbers every run. */
function numbers(count: number): string[] {
  let seed = 12345;
  const next = (below: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % below;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const whole = String(next(10 ** (1 + next(9))));
    const fraction = next(3) === 0 ? '' : `.${String(next(10 ** (1 + next(9)))).padStart(1 + next(12), '0')}`;
    const exponent = next(4) === 0 ? `${next(2) ? 'E' : 'e'}${['', '+', '-'][next(3)]}${next(40)}` : '';
    out.push(`${next(5) === 0 ? '-' : ''}${whole}${fraction}${exponent}`);
  }
  return out;
}

describe('the book scanner', () => {
  it('reads every number as JSON.parse does: edge cases, both fast path and fallback', () => {
    const edge = [
      '0',
      '-0',
      '0.1',
      '0.3',
      '1e22',
      '1e23',
      '-1e-22',
      '1e-23',
      '9007199254740993',
      '123456789012345',
      '1234567890123456',
      '123456789012345678',
      '0.000000000000000000000000001',
      '1.7976931348623157e308',
      '1e400',
      '5e-324',
      '2.2250738585072014e-308',
      '9.121E-7',
      '1E+2',
      '4.0E7',
      '3.358149508E7',
      '0.30000000000000004',
    ];
    for (const number of [...edge, ...numbers(5_000)]) {
      const text = bookFrameOf(`[${number},1]`);
      expectSame(scanBookFrame(text), packed(JSON.parse(text)));
    }
  });

  it('reads our own recorded book frames and the bench session as JSON.parse does', () => {
    const own = readdirSync(OWN_FIXTURES)
      .filter((name) => /^(depth|mbp)-.*\.json$/.test(name))
      .map((name) => readFileSync(join(OWN_FIXTURES, name), 'utf8'));
    const bench = parseTranscript(benchSession({ symbol: 'btcusdt', seconds: 2, rate: 50, feed: 'depth' }))
      .filter((line) => line.dir === 'server->client')
      .map((line) => (line as { frame: string }).frame)
      .filter((frame) => frame.includes('.depth.'));
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(bench.length).toBeGreaterThan(50);
    for (const text of [...own, ...bench]) expectSame(scanBookFrame(text), packed(JSON.parse(text)));
  });

  it('reads the recorded HTX session book frames as JSON.parse does', (ctx) => {
    const dir = sharedFixtures(ctx);
    if (!dir) return;
    const frames = parseTranscript(
      readFileSync(join(dir, 'ws/live-session-2021-04-17/transcript.decoded.jsonl'), 'utf8'),
    )
      .filter((line) => line.dir === 'server->client')
      .map((line) => (line as { frame: string }).frame)
      .filter((frame) => frame.includes('.depth.'));
    let scanned = 0;
    for (const text of frames) {
      const parsed = JSON.parse(text) as { tick?: unknown };
      const result = scanBookFrame(text);
      if (parsed.tick === undefined) continue;
      expectSame(result, packed(parsed));
      scanned++;
    }
    expect(scanned).toBeGreaterThan(100);
  });

  it('declines what is not plain JSON of its subset, and decodeFrame judges it as before', () => {
    const declined = [
      bookFrameOf('[01,1]'),
      bookFrameOf('[1.,1]'),
      bookFrameOf('[.5,1]'),
      bookFrameOf('[+1,1]'),
      bookFrameOf('[1e,1]'),
      bookFrameOf('[-,1]'),
      bookFrameOf('[1,2,3]'),
      bookFrameOf('[1]'),
      bookFrameOf('[1,2],'),
      bookFrameOf('[1,"2"]'),
      bookFrameOf('[1,null]'),
      bookFrameOf('[0x10,1]'),
      bookFrameOf('[Infinity,1]'),
      '{"ch":"market.btcusdt.depth.step0","ts":1,"tick":{"bids":[[1,2]],"asks":[]}',
      '{"ch":"market.btcusdt.depth.step0","ts":1,"tick":{"bids":[[1,2]],"asks":[]}} x',
      '{"ch":"market.btc\\u0075sdt.depth.step0","ts":1,"tick":{"bids":[],"asks":[]}}',
      '{"ch":"market.btcusdt.depth.step0","ts":1,"tick":{"bids":[],"asks":[],"x":{"y":1}}}',
      '{"ch":"market.btcusdt.depth.step0","ts":1,"tick":{"bids":[],"asks":[],"live":true}}',
      '{"ch":"market.btcusdt.depth.step0","ts":1,"__proto__":{"x":1},"tick":{"bids":[],"asks":[]}}',
    ];
    for (const text of declined) {
      expect(scanBookFrame(text), text).toBeNull();
      let native: unknown;
      try {
        native = JSON.parse(text);
      } catch {
        expect(() => decodeFrame(text), text).toThrow(BrokenFrameError);
        continue;
      }
      // Parsed natively, as every book frame was before the scanner: the tick's sides stay arrays.
      const { ch, ts, tick } = native as { ch: string; ts: number; tick: unknown };
      expect(decodeFrame(text), text).toEqual({ type: 'push', topic: ch, ts, tick });
    }
  });

  it('gives bookFrom the same book as the native parse, and a book of a non-finite level is broken', () => {
    const text = bookFrameOf('[64900.5,3],[64899,0.25]').replace('"asks":[]', '"asks":[[64901,2]]');
    const frame = decodeFrame(text);
    if (frame.type !== 'push') throw new Error('expected a push');
    const native = JSON.parse(text) as { tick: unknown };
    expect(bookFrom(frame.tick, 0)).toEqual(bookFrom(native.tick, 0));
    const infinite = decodeFrame(bookFrameOf('[1e400,1]'));
    if (infinite.type !== 'push') throw new Error('expected a push');
    expect(() => bookFrom(infinite.tick, 0)).toThrow('depth.bids[0]: expected [price, size] as numbers');
  });
});
