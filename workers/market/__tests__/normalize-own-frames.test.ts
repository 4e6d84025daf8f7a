import { gzipSync } from 'node:zlib';
import { inflate } from 'pako';
import { describe, expect, it } from 'vitest';
import { canonicalDecimal } from '../normalize/decimal.ts';
import { BrokenFrameError } from '../normalize/fields.ts';
import { decodeFrame } from '../normalize/frames.ts';
import { type JsonNumber, parseJsonExact } from '../normalize/json-exact.ts';
import {
  bookFrom,
  candleFrom,
  candlesFromRest,
  mbpFrom,
  restBody,
  summaryFrom,
  summaryFromRest,
  tradesFrom,
  tradesFromRest,
} from '../normalize/market.ts';
import { ownFixture } from './support/fixtures.ts';

function push(name: string) {
  const frame = decodeFrame(ownFixture(name));
  if (frame.type !== 'push') throw new Error(`${name} is not a push`);
  return frame;
}

describe('decoding frames of our own making', () => {
  it('inflates a gzip frame to the same text (pako, as the worker does)', () => {
    const text = ownFixture('depth-java-numbers.json');
    expect(inflate(gzipSync(text), { toText: true })).toBe(text);
  });

  it('Java-style numbers in a book become the exact doubles, whose shortest text is the wire decimal', () => {
    const frame = push('depth-java-numbers.json');
    expect(frame.topic).toBe('market.ethbtc.depth.step0');
    const book = bookFrom(frame.tick, frame.ts);
    expect(book.ts).toBe(1700000000120);
    expect([...book.bids]).toEqual([5e-7, 1, 4.99e-7, 123456, 1e-8, 2500]);
    expect([...book.asks]).toEqual([5.01e-7, 9.121e-7, 5.2e-7, 0.0002]);
    const tokens = (
      parseJsonExact(ownFixture('depth-java-numbers.json')) as { tick: { bids: JsonNumber[][]; asks: JsonNumber[][] } }
    ).tick;
    const wire = [...tokens.bids.flat(), ...tokens.asks.flat()].map((token) => canonicalDecimal(token.text));
    const shown = [...book.bids, ...book.asks].map((n) => canonicalDecimal(String(n)));
    expect(shown).toEqual(wire);
  });

  it('27-digit trade ids collide as doubles, so trades are keyed by tradeId and keep exact decimals', () => {
    const text = ownFixture('trade-27-digit-ids.json');
    const native = JSON.parse(text) as { tick: { data: { id: number }[] } };
    expect(native.tick.data[0]?.id).toBe(native.tick.data[1]?.id);
    const trades = tradesFrom(push('trade-27-digit-ids.json').tick);
    expect(trades).toEqual([
      { tradeId: '102357140868', ts: 1700000000999, price: '58911', amount: '0.000198', direction: 'buy' },
      {
        tradeId: '102357140867',
        ts: 1700000000999,
        price: '58911.07',
        amount: '0.015443758717188892',
        direction: 'sell',
      },
    ]);
  });

  it('one-sided mbp increments: the absent or empty side is empty, size 0 marks a deletion', () => {
    const asksOnly = mbpFrom(push('mbp-asks-only.json').tick);
    expect(asksOnly.seqNum).toBe(140059393690);
    expect(asksOnly.prevSeqNum).toBe(140059393689);
    expect([...asksOnly.bids]).toEqual([]);
    expect([...asksOnly.asks]).toEqual([61945.07, 0.000533, 61946, 0]);
    const bidsOnly = mbpFrom(push('mbp-bids-only.json').tick);
    expect([...bidsOnly.bids]).toEqual([61944.99, 1.5, 61940, 0]);
    expect([...bidsOnly.asks]).toEqual([]);
  });

  it('a kline push keeps every digit of its decimals', () => {
    expect(candleFrom(push('kline-java-numbers.json').tick)).toEqual({
      time: 1700000040,
      open: '37000',
      high: '37001.5',
      low: '36999',
      close: '37000.5',
      amount: '0.015443758717188892',
      vol: '598561868.5709001',
      count: 4,
    });
  });

  it('a detail push becomes a day summary', () => {
    const frame = push('detail.json');
    expect(summaryFrom('btcusdt', frame.ts, frame.tick)).toEqual({
      symbol: 'btcusdt',
      ts: 1700000003000,
      open: '31666.3',
      high: '31899.51',
      low: '29326.15',
      close: '29952.31',
      amount: '26897.159881877742',
      vol: '818158859.8785326',
      count: 699452,
    });
  });

  it('classifies pings (digits kept for the pong), acks and errors', () => {
    expect(decodeFrame(ownFixture('ping.json'))).toEqual({ type: 'ping', ping: '1700000005000' });
    expect(decodeFrame('{"ping":123456789012345678901}')).toEqual({ type: 'ping', ping: '123456789012345678901' });
    expect(decodeFrame(ownFixture('sub-ack.json'))).toEqual({
      type: 'ack',
      topic: 'market.btcusdt.trade.detail',
      subscribed: true,
    });
    expect(decodeFrame(ownFixture('error-invalid-topic.json'))).toEqual({
      type: 'error',
      message: 'invalid topic market.nopeusdt.kline.1min',
    });
  });

  it('market REST: kline newest-first becomes oldest-first, trade groups flatten on trade-id, errors are errors', () => {
    expect(candlesFromRest(restBody(ownFixture('rest-kline-5min.json'))).map((bar) => [bar.time, bar.amount])).toEqual([
      [1699999800, '0.0002'],
      [1700000100, '1.5'],
    ]);
    expect(tradesFromRest(restBody(ownFixture('rest-trades.json'))).map((trade) => trade.tradeId)).toEqual([
      '102517381182',
      '102517381181',
      '102517381180',
    ]);
    expect(() => restBody(ownFixture('rest-error.json'))).toThrow(/invalid symbol/);
    const detail =
      '{"ch":"market.x.detail","status":"ok","ts":5,"tick":{"open":1.0,"high":2.0,"low":0.5,"close":1.5,"amount":3.0,"vol":4.5,"count":7}}';
    expect(summaryFromRest('x', restBody(detail))).toMatchObject({ ts: 5, open: '1', close: '1.5', count: 7 });
  });

  it.each([
    ['not JSON', '{"ch":"market.btcusdt.kline.1min","ts":1,"tick":{'],
    ['an unknown shape', '{"hello":"world"}'],
    ['an array', '[1,2,3]'],
    ['a push without a time', '{"ch":"market.btcusdt.kline.1min","tick":{}}'],
  ])('a frame that is %s is a BrokenFrameError', (_what, text) => {
    expect(() => decodeFrame(text)).toThrow(BrokenFrameError);
  });

  it.each([
    [
      'a kline without close',
      () => candleFrom(parseJsonExact('{"id":1,"open":1,"high":1,"low":1,"amount":1,"vol":1,"count":1}')),
    ],
    [
      'a quoted price',
      () => tradesFrom(parseJsonExact('{"data":[{"tradeId":1,"ts":1,"price":"1.0","amount":1,"direction":"buy"}]}')),
    ],
    [
      'an unknown direction',
      () => tradesFrom(parseJsonExact('{"data":[{"tradeId":1,"ts":1,"price":1,"amount":1,"direction":"up"}]}')),
    ],
    ['a book level with one number', () => bookFrom(JSON.parse('{"bids":[[1]],"asks":[]}'), 0)],
    ['a book price that is text', () => bookFrom(JSON.parse('{"bids":[["1",2]],"asks":[]}'), 0)],
  ])('a payload with %s is a BrokenFrameError', (_what, normalize) => {
    expect(normalize).toThrow(BrokenFrameError);
  });
});
