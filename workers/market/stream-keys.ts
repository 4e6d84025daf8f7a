/**
 * Validation and identity of stream keys. Keys come from the UI over Comlink, so they are checked
 * here with a clear error; equal keys (and book keys that differ only in `levels`) share one source.
 */
import type { CandlePeriod, StreamKey } from '../../common/protocol.ts';

const PERIODS: readonly CandlePeriod[] = [
  '1min',
  '5min',
  '15min',
  '30min',
  '60min',
  '4hour',
  '1day',
  '1week',
  '1mon',
  '1year',
];
const SYMBOL = /^[a-z0-9]{2,32}$/;

/** Thrown for a key the engine cannot serve. */
export class StreamKeyError extends Error {}

function fail(message: string): never {
  throw new StreamKeyError(`invalid stream key: ${message}`);
}

function symbolOf(value: unknown): string {
  const symbol = typeof value === 'string' ? value.toLowerCase() : '';
  if (!SYMBOL.test(symbol)) fail(`symbol must be 2-32 letters or digits, got ${JSON.stringify(value)}`);
  return symbol;
}

function integerOf(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(`${name} must be an integer`);
  return value;
}

/** Checks a key from the UI and returns it normalized (lower-case symbols). */
export function validateKey(raw: unknown): StreamKey {
  if (typeof raw !== 'object' || raw === null) fail('not an object');
  const key = raw as Record<string, unknown>;
  switch (key.kind) {
    case 'notices':
      if (typeof key.unreadSwitch !== 'boolean') fail('notices needs unreadSwitch: boolean');
      return { kind: 'notices', unreadSwitch: key.unreadSwitch };
    case 'sessionExpired':
    case 'homeMarkets':
    case 'optionPairs':
    case 'feedStatus':
      return { kind: key.kind };
    case 'markets':
      return { kind: 'markets', fid: integerOf(key.fid, 'fid'), eid: integerOf(key.eid, 'eid') };
    case 'spotBalance':
      return { kind: 'spotBalance', mId: integerOf(key.mId, 'mId') };
    case 'spotOrders':
      return { kind: 'spotOrders', type: integerOf(key.type, 'type'), status: integerOf(key.status, 'status') };
    case 'optionOrder':
      return { kind: 'optionOrder', orderId: integerOf(key.orderId, 'orderId') };
    case 'daySummary':
    case 'ticker':
    case 'trades':
      return { kind: key.kind, symbol: symbolOf(key.symbol) };
    case 'book': {
      const book: Extract<StreamKey, { kind: 'book' }> = { kind: 'book', symbol: symbolOf(key.symbol) };
      if (key.levels !== undefined) book.levels = integerOf(key.levels, 'levels');
      if (key.step !== undefined) {
        const step = integerOf(key.step, 'step');
        if (step < 0 || step > 5) fail('step must be 0 to 5');
        if (step > 0) book.step = step;
      }
      return book;
    }
    case 'depth': {
      const depth: Extract<StreamKey, { kind: 'depth' }> = { kind: 'depth', symbol: symbolOf(key.symbol) };
      if (key.points !== undefined) {
        const points = integerOf(key.points, 'points');
        if (points < 1 || points > 10_000) fail('points must be 1 to 10000');
        depth.points = points;
      }
      if (key.step !== undefined) {
        const step = integerOf(key.step, 'step');
        if (step < 0 || step > 5) fail('step must be 0 to 5');
        if (step > 0) depth.step = step;
      }
      return depth;
    }
    case 'candles':
    case 'studies': {
      const period = key.period as CandlePeriod;
      if (!PERIODS.includes(period)) fail(`period must be one of ${PERIODS.join(', ')}`);
      return { kind: key.kind, symbol: symbolOf(key.symbol), period };
    }
    default:
      return fail(`unknown kind ${JSON.stringify(key.kind)}`);
  }
}

/** The identity of the source behind a (validated) key. */
export function sourceId(key: StreamKey): string {
  switch (key.kind) {
    case 'notices':
      return `notices|${key.unreadSwitch}`;
    case 'markets':
      return `markets|${key.fid}|${key.eid}`;
    case 'spotBalance':
      return `spotBalance|${key.mId}`;
    case 'spotOrders':
      return `spotOrders|${key.type}|${key.status}`;
    case 'optionOrder':
      return `optionOrder|${key.orderId}`;
    case 'daySummary':
    case 'ticker':
    case 'trades':
      return `${key.kind}|${key.symbol}`;
    case 'book':
    case 'depth':
      // The book and its depth curve share one source: one socket subscription, one snapshot.
      return `book|${key.symbol}|${key.step ?? 0}`;
    case 'candles':
    case 'studies':
      return `${key.kind}|${key.symbol}|${key.period}`;
    default:
      return key.kind;
  }
}
