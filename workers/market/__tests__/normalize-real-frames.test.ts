import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflate } from 'pako';
import { describe, expect, it } from 'vitest';
import { canonicalDecimal } from '../normalize/decimal.ts';
import { decodeFrame, type ServerFrame } from '../normalize/frames.ts';
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
import { parseTranscript } from '../record/transcript.ts';
import { sharedFixtures } from './support/fixtures.ts';

const read = (dir: string, path: string): string => readFileSync(join(dir, path), 'utf8');

function asPush(frame: ServerFrame) {
  if (frame.type !== 'push') throw new Error(`expected a push, got ${frame.type}`);
  return frame;
}

/** Every number of every book level in `text`, exactly as written. */
function bookTokens(text: string): string[] {
  const tick = (parseJsonExact(text) as { tick: { bids: JsonNumber[][]; asks: JsonNumber[][] } }).tick;
  return [...tick.bids.flat(), ...tick.asks.flat()].map((token) => canonicalDecimal(token.text));
}

describe('decoding the recorded HTX frames (../shared/fixtures/huobi)', () => {
  it('each .frame.gz inflates with pako to exactly its .json twin and decodes', (ctx) => {
    const dir = sharedFixtures(ctx);
    if (!dir) return;
    const session = join(dir, 'ws/live-session-2021-04-17');
    const gz = readdirSync(session).filter((name) => name.endsWith('.frame.gz'));
    expect(gz.length).toBeGreaterThanOrEqual(7);
    for (const name of gz) {
      const text = inflate(readFileSync(join(session, name)), { toText: true });
      expect(text).toBe(read(session, name.replace('.frame.gz', '.json')));
      expect(() => decodeFrame(text)).not.toThrow();
    }
  });

  it('the whole live session decodes with no broken frame: 20 acks, 6 pings, 292 books, 44 trade pushes', (ctx) => {
    const dir = sharedFixtures(ctx);
    if (!dir) return;
    const lines = parseTranscript(read(dir, 'ws/live-session-2021-04-17/transcript.decoded.jsonl'));
    const counts: Record<string, number> = {};
    for (const line of lines) {
      if (line.dir !== 'server->client') continue;
      const frame = decodeFrame(line.frame);
      const kind = frame.type === 'push' ? (frame.topic.split('.')[2] as string) : frame.type;
      counts[kind] = (counts[kind] ?? 0) + 1;
      if (frame.type !== 'push') continue;
      if (kind === 'depth') {
        const book = bookFrom(frame.tick, frame.ts);
        // Every recorded price and size survives as a double: its shortest text is the wire decimal.
        expect([...book.bids, ...book.asks].map((n) => canonicalDecimal(String(n)))).toEqual(bookTokens(line.frame));
        for (let i = 2; i < book.bids.length; i += 2) expect(book.bids[i]).toBeLessThan(book.bids[i - 2] as number);
      } else {
        expect(tradesFrom(frame.tick).length).toBeGreaterThan(0);
      }
    }
    expect(counts).toEqual({ ack: 20, ping: 6, depth: 292, trade: 44 });
  });

  it('known values: borusdt book, trioeth E-notation, trades keyed by tradeId', (ctx) => {
    const dir = sharedFixtures(ctx);
    if (!dir) return;
    const session = (name: string) => read(dir, `ws/live-session-2021-04-17/${name}`);
    const bor = asPush(decodeFrame(session('server-push-depth.step0-borusdt.json')));
    const borBook = bookFrom(bor.tick, bor.ts);
    expect(borBook.ts).toBe(1618678069722);
    expect([...borBook.bids.slice(0, 4)]).toEqual([710.01, 2.260165, 710, 0.104328]);
    const trio = asPush(decodeFrame(session('server-push-depth.step0-trioeth-E-notation.json')));
    expect(bookFrom(trio.tick, trio.ts).bids[0]).toBe(9.121e-7);
    expect(tradesFrom(asPush(decodeFrame(session('server-push-trade.detail-borusdt.json'))).tick)).toEqual([
      { tradeId: '1311318', ts: 1618678048496, price: '716', amount: '0.078924', direction: 'sell' },
    ]);
    const zen = tradesFrom(asPush(decodeFrame(session('server-push-trade.detail-zeneth-2trades.json'))).tick);
    expect(zen.map((trade) => [trade.tradeId, trade.price, trade.amount])).toEqual([
      ['100039973212', '0.051598', '7.2'],
      ['100039973211', '0.051598', '7.2'],
    ]);
    expect(decodeFrame(session('server-ping.json'))).toEqual({ type: 'ping', ping: '1618678073643' });
    expect(decodeFrame(session('server-sub-ack-depth.step0.json'))).toMatchObject({ type: 'ack', subscribed: true });
  });

  it('live messages: kline, detail, bbo, depth.step1, one-sided and two-sided mbp, trade with a 27-digit id', (ctx) => {
    const dir = sharedFixtures(ctx);
    if (!dir) return;
    const live = (name: string) => asPush(decodeFrame(read(dir, `ws/live-messages/${name}`)));
    expect(candleFrom(live('push-kline.1min-btcusdt.L1118.json').tick)).toEqual({
      time: 1654081320,
      open: '31545.71',
      high: '31545.72',
      low: '31545.71',
      close: '31545.72',
      amount: '0.015443758717188892',
      vol: '487.1844552',
      count: 4,
    });
    const detail = live('push-detail-btcusdt.L1244.json');
    expect(summaryFrom('btcusdt', detail.ts, detail.tick)).toMatchObject({
      vol: '818158859.8785326',
      amount: '26897.159881877742',
    });
    expect(live('push-bbo-btcusdt.L989.json').topic).toBe('market.btcusdt.bbo');
    const step1 = live('push-depth.step1-btcusdt-3levels.L714.json');
    expect([...bookFrom(step1.tick, step1.ts).asks]).toEqual([31639, 1.062193, 31642.4, 0.381939, 31642.7, 0.190963]);
    const asksOnly = mbpFrom(live('push-mbp.20-btcusdt-asks-only.L358.json').tick);
    expect([...asksOnly.bids]).toEqual([]);
    expect([...asksOnly.asks]).toEqual([61945.07, 0.000533]);
    const both = mbpFrom(live('push-mbp.20-btcusdt-bothsides.L321.json').tick);
    expect([...both.bids]).toEqual([38765.39, 0, 38762.87, 0.009708]);
    expect(both.prevSeqNum).toBe(129803485424);
    expect(tradesFrom(live('push-trade.detail-btcusdt.L14.json').tick)).toEqual([
      { tradeId: '102357140867', ts: 1616243199156, price: '58911.07', amount: '0.000198', direction: 'sell' },
    ]);
  });

  it('live errors: pings, acks and error answers classify', (ctx) => {
    const dir = sharedFixtures(ctx);
    if (!dir) return;
    const frame = (name: string) => decodeFrame(read(dir, `ws/live-errors/${name}`));
    expect(frame('issue6748-server-ping.json')).toEqual({ type: 'ping', ping: '1586252316850' });
    expect(frame('issue6748-server-sub-ack-mbp.150.json')).toEqual({
      type: 'ack',
      topic: 'market.linkusdt.mbp.150',
      subscribed: true,
    });
    expect(frame('issue6748-server-req-error-bad-request.json')).toEqual({
      type: 'error',
      message: 'invalid mbp.150.symbol linkusdt',
    });
    expect(frame('issue20131-2023-11-26-server-sub-error-bad-request.json')).toMatchObject({ type: 'error' });
  });

  it('REST examples: kline oldest first, trades on trade-id, detail exact', (ctx) => {
    const dir = sharedFixtures(ctx);
    if (!dir) return;
    const rest = (name: string) => restBody(read(dir, `rest/docs-2021-08/${name}`));
    const bars = candlesFromRest(rest('GET-market-history-kline-btcusdt-5min.json'));
    expect(bars.map((bar) => bar.time)).toEqual([...bars.map((bar) => bar.time)].sort((a, b) => a - b));
    expect(bars.at(-1)?.time).toBe(1629769200);
    const trades = tradesFromRest(rest('GET-market-history-trade-btcusdt-size2.json'));
    expect(trades[0]).toMatchObject({
      tradeId: '102517381182',
      price: '49656.4',
      amount: '0.000124',
      direction: 'buy',
    });
    expect(summaryFromRest('btcusdt', rest('GET-market-detail-btcusdt.json'))).toMatchObject({
      low: '48767',
      vol: '601037933.6834868',
      count: 420452,
    });
  });
});
