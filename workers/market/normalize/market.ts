/**
 * Normalizers from HTX payloads (protocol §6, §7) to the shared types of common/protocol.ts.
 * Each throws BrokenFrameError when the payload lacks what it needs. Also the app API's market
 * items, which are tolerant instead (see {@link marketItemsFrom}).
 */
import type { Candle, DaySummary, MarketItem, Trade } from '../../../common/protocol.ts';
import {
  asArray,
  asObject,
  asString,
  broken,
  decimal,
  finite,
  integer,
  integerText,
  type JsonObject,
} from './fields.ts';
import { parseJsonExact } from './json-exact.ts';

/** One book side or both, as packed `[price, size, …]` doubles, best first. */
export interface BookSnapshot {
  ts: number;
  bids: Float64Array;
  asks: Float64Array;
}

/** An mbp increment: levels to set; a size of 0 deletes the level; an absent side is empty. */
export interface MbpIncrement {
  seqNum: number;
  prevSeqNum: number | null;
  bids: Float64Array;
  asks: Float64Array;
}

const TOPIC_SYMBOL = /^market\.([a-z0-9]+)\./;

/** The symbol of a topic such as `market.btcusdt.kline.1min`. */
export function symbolOf(topic: string): string {
  return TOPIC_SYMBOL.exec(topic)?.[1] ?? broken(`not a market topic: ${topic}`);
}

/** A kline tick (WS push or one element of a REST/`rep` data array). */
export function candleFrom(value: unknown): Candle {
  const tick = asObject(value, 'kline');
  return {
    time: integer(tick.id, 'kline.id'),
    open: decimal(tick.open, 'kline.open'),
    high: decimal(tick.high, 'kline.high'),
    low: decimal(tick.low, 'kline.low'),
    close: decimal(tick.close, 'kline.close'),
    amount: decimal(tick.amount, 'kline.amount'),
    vol: decimal(tick.vol, 'kline.vol'),
    count: integer(tick.count, 'kline.count'),
  };
}

/** A 24 h `detail` tick (WS push or REST `/market/detail`). */
export function summaryFrom(symbol: string, ts: number, value: unknown): DaySummary {
  const tick = asObject(value, 'detail');
  return {
    symbol,
    ts,
    open: decimal(tick.open, 'detail.open'),
    high: decimal(tick.high, 'detail.high'),
    low: decimal(tick.low, 'detail.low'),
    close: decimal(tick.close, 'detail.close'),
    amount: decimal(tick.amount, 'detail.amount'),
    vol: decimal(tick.vol, 'detail.vol'),
    count: integer(tick.count, 'detail.count'),
  };
}

function tradeFrom(value: unknown, idField: 'tradeId' | 'trade-id'): Trade {
  const trade = asObject(value, 'trade');
  const direction = asString(trade.direction, 'trade.direction');
  if (direction !== 'buy' && direction !== 'sell') broken(`trade.direction: ${direction}`);
  return {
    tradeId: integerText(trade[idField], `trade.${idField}`),
    ts: integer(trade.ts, 'trade.ts'),
    price: decimal(trade.price, 'trade.price'),
    amount: decimal(trade.amount, 'trade.amount'),
    direction,
  };
}

/** The trades of a `trade.detail` push, in the push's order (newest first). */
export function tradesFrom(value: unknown): Trade[] {
  const tick = asObject(value, 'trade tick');
  return asArray(tick.data, 'trade tick.data').map((trade) => tradeFrom(trade, 'tradeId'));
}

/** A packed side. Hot path (150 levels a frame): messages are built only when a level is bad. */
function side(value: unknown, what: string): Float64Array {
  if (value instanceof Float64Array) return scannedSide(value, what);
  const levels = asArray(value, what);
  const out = new Float64Array(levels.length * 2);
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i];
    const price: unknown = Array.isArray(level) ? level[0] : undefined;
    const size: unknown = Array.isArray(level) ? level[1] : undefined;
    if (typeof price !== 'number' || typeof size !== 'number' || !Number.isFinite(price) || !Number.isFinite(size)) {
      broken(`${what}[${i}]: expected [price, size] as numbers`);
    }
    out[i * 2] = price;
    out[i * 2 + 1] = size;
  }
  return out;
}

/**
 * A side the book scanner read (book-scan.ts): already packed, in an array it made for this frame
 * alone, so it is taken as it is (the book's readers slice it, never write to it).
 */
function scannedSide(values: Float64Array, what: string): Float64Array {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i] as number)) broken(`${what}[${i >> 1}]: expected [price, size] as numbers`);
  }
  return values;
}

/** A `depth.stepN` snapshot (book numbers travel as doubles). */
export function bookFrom(value: unknown, fallbackTs: number): BookSnapshot {
  const tick = asObject(value, 'depth');
  const ts = typeof tick.ts === 'number' ? tick.ts : fallbackTs;
  return { ts, bids: side(tick.bids, 'depth.bids'), asks: side(tick.asks, 'depth.asks') };
}

/** An `mbp.N` increment or a `rep` snapshot's data; a side that did not change may be absent. */
export function mbpFrom(value: unknown): MbpIncrement {
  const tick = asObject(value, 'mbp');
  const seqNum = finite(tick.seqNum, 'mbp.seqNum');
  const prevSeqNum = tick.prevSeqNum === undefined ? null : finite(tick.prevSeqNum, 'mbp.prevSeqNum');
  const empty = new Float64Array(0);
  return {
    seqNum,
    prevSeqNum,
    bids: tick.bids === undefined ? empty : side(tick.bids, 'mbp.bids'),
    asks: tick.asks === undefined ? empty : side(tick.asks, 'mbp.asks'),
  };
}

/** Parses a market REST answer exactly and checks `status: "ok"` (protocol §7: errors come with HTTP 200). */
export function restBody(text: string): JsonObject {
  const body = asObject(parseJsonExact(text), 'REST answer');
  if (body.status !== 'ok') {
    const message = typeof body['err-msg'] === 'string' ? body['err-msg'] : 'status is not ok';
    broken(`market REST error: ${message}`);
  }
  return body;
}

/** GET /market/history/kline data (newest first on the wire) as bars oldest first. */
export function candlesFromRest(body: JsonObject): Candle[] {
  return asArray(body.data, 'kline data')
    .map(candleFrom)
    .sort((a, b) => a.time - b.time);
}

/** GET /market/history/trade data (groups of trades, newest first) as one list newest first. */
export function tradesFromRest(body: JsonObject): Trade[] {
  const out: Trade[] = [];
  for (const group of asArray(body.data, 'trade data')) {
    for (const trade of asArray(asObject(group, 'trade group').data, 'trade group.data')) {
      out.push(tradeFrom(trade, 'trade-id'));
    }
  }
  return out;
}

/** GET /market/detail as a day summary. */
export function summaryFromRest(symbol: string, body: JsonObject): DaySummary {
  return summaryFrom(symbol, integer(body.ts, 'ts'), body.tick);
}

/** Most decimals a precision may ask for: the server keeps amounts in units of 1e-8. */
const MAX_PRECISION = 8;

/** A precision field as sent: a whole number (or its text) of decimals, capped at 8; otherwise unknown. */
function precisionFrom(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return undefined;
  return Math.min(n, MAX_PRECISION);
}

/**
 * The items of a getMarketList / getAllMarketList answer (`data.list`) as MarketItems. The other
 * fields pass as sent; `price_precision` / `amount_precision` are kept as whole numbers 0..8 and
 * left out when the answer lacks them or they are unusable (an older server), so the app keeps its
 * older behaviour rather than trusting a wrong precision. Entries that are not objects are dropped.
 */
export function marketItemsFrom(list: readonly unknown[]): MarketItem[] {
  const items: MarketItem[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const { price_precision: price, amount_precision: amount, ...rest } = entry as MarketItem & JsonObject;
    const item: MarketItem = { ...rest };
    const pricePrecision = precisionFrom(price);
    const amountPrecision = precisionFrom(amount);
    if (pricePrecision !== undefined) item.price_precision = pricePrecision;
    if (amountPrecision !== undefined) item.amount_precision = amountPrecision;
    items.push(item);
  }
  return items;
}
