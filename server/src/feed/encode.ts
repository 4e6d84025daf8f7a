import { javaDouble as d, javaLong as n } from './java-number.ts';
import type {
  Bar,
  BboTick,
  DepthTick,
  DetailTick,
  Level,
  MbpIncrement,
  MbpSnapshot,
  TickerTick,
  Trade,
  TradeGroup,
} from './types.ts';

/*
 * Hand-written JSON encoders for every market payload: keys in the real server's order, doubles in
 * Java style, the 27-digit trade ids as bare integer literals. Each push is encoded once per tick.
 */

const s = JSON.stringify;

export const encodeBar = (b: Bar): string =>
  `{"id":${n(b.id)},"open":${d(b.open)},"close":${d(b.close)},"low":${d(b.low)},"high":${d(b.high)},"amount":${d(b.amount)},"vol":${d(b.vol)},"count":${n(b.count)}}`;

export const encodeLevels = (levels: readonly Level[]): string => {
  let out = '[';
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i] as Level;
    out += `${i ? ',' : ''}[${d(level[0])},${d(level[1])}]`;
  }
  return `${out}]`;
};

export const encodeDepth = (t: DepthTick): string =>
  `{"bids":${encodeLevels(t.bids)},"asks":${encodeLevels(t.asks)},"version":${n(t.version)},"ts":${n(t.ts)}}`;

/** A trade id is a bare integer literal (27 digits on HTX); anything else is kept as a string. */
const tradeIdLiteral = (id: string): string => (/^\d{1,40}$/.test(id) ? id : s(id));

/** WS spells the trade key `tradeId`, REST spells it `trade-id`. */
export const encodeTrade = (t: Trade, tradeIdKey: 'tradeId' | 'trade-id' = 'tradeId'): string =>
  `{"id":${tradeIdLiteral(t.id)},"ts":${n(t.ts)},"${tradeIdKey}":${n(t.tradeId)},"amount":${d(t.amount)},"price":${d(t.price)},"direction":"${t.direction}"}`;

export const encodeTradeGroup = (g: TradeGroup, tradeIdKey: 'tradeId' | 'trade-id' = 'tradeId'): string =>
  `{"id":${n(g.id)},"ts":${n(g.ts)},"data":[${g.data.map((t) => encodeTrade(t, tradeIdKey)).join(',')}]}`;

export const encodeDetail = (t: DetailTick): string =>
  `{"id":${n(t.id)},"low":${d(t.low)},"high":${d(t.high)},"open":${d(t.open)},"close":${d(t.close)},"vol":${d(t.vol)},"amount":${d(t.amount)},"version":${n(t.version)},"count":${n(t.count)}}`;

/** `/market/detail/merged`: the detail plus the best bid and ask. */
export const encodeMerged = (t: DetailTick, bbo: BboTick | undefined): string =>
  `{"id":${n(t.id)},"version":${n(t.version)},"open":${d(t.open)},"close":${d(t.close)},"low":${d(t.low)},"high":${d(t.high)},"amount":${d(t.amount)},"vol":${d(t.vol)},"count":${n(t.count)}` +
  (bbo ? `,"bid":[${d(bbo.bid)},${d(bbo.bidSize)}],"ask":[${d(bbo.ask)},${d(bbo.askSize)}]` : '') +
  '}';

export const encodeBbo = (t: BboTick): string =>
  `{"seqId":${n(t.seqId)},"ask":${d(t.ask)},"askSize":${d(t.askSize)},"bid":${d(t.bid)},"bidSize":${d(t.bidSize)},"quoteTime":${n(t.quoteTime)},"symbol":${s(t.symbol)}}`;

export const encodeTicker = (t: TickerTick): string =>
  `{"amount":${d(t.amount)},"count":${n(t.count)},"open":${d(t.open)},"close":${d(t.close)},"low":${d(t.low)},"high":${d(t.high)},"vol":${d(t.vol)},` +
  `"bid":${d(t.bid)},"bidSize":${d(t.bidSize)},"ask":${d(t.ask)},"askSize":${d(t.askSize)},"lastPrice":${d(t.lastPrice)},"lastSize":${d(t.lastSize)}}`;

/** `/market/tickers` entry. */
export const encodeTickersEntry = (symbol: string, t: TickerTick): string =>
  `{"symbol":${s(symbol)},"open":${d(t.open)},"high":${d(t.high)},"low":${d(t.low)},"close":${d(t.close)},"amount":${d(t.amount)},"vol":${d(t.vol)},"count":${n(t.count)},` +
  `"bid":${d(t.bid)},"bidSize":${d(t.bidSize)},"ask":${d(t.ask)},"askSize":${d(t.askSize)}}`;

export const encodeMbpIncrement = (t: MbpIncrement): string =>
  `{"seqNum":${n(t.seqNum)},"prevSeqNum":${n(t.prevSeqNum)}` +
  (t.bids ? `,"bids":${encodeLevels(t.bids)}` : '') +
  (t.asks ? `,"asks":${encodeLevels(t.asks)}` : '') +
  '}';

export const encodeMbpSnapshot = (t: MbpSnapshot): string =>
  `{"seqNum":${n(t.seqNum)},"bids":${encodeLevels(t.bids)},"asks":${encodeLevels(t.asks)}}`;

/** A push: `{"ch","ts","tick"}` in that order. */
export const encodePush = (topic: string, ts: number, tick: string): string =>
  `{"ch":${s(topic)},"ts":${n(ts)},"tick":${tick}}`;

/** The id member (with its trailing comma) echoed with the client's own JSON type; empty when absent. */
const idMember = (id: unknown): string => (id === undefined ? '' : `"id":${s(id)},`);

export const encodeSubAck = (id: unknown, topic: string, ts: number): string =>
  `{${idMember(id)}"status":"ok","subbed":${s(topic)},"ts":${n(ts)}}`;

export const encodeUnsubAck = (id: unknown, topic: string, ts: number): string =>
  `{${idMember(id)}"status":"ok","unsubbed":${s(topic)},"ts":${n(ts)}}`;

/** A `req` answer: `{"id","rep","status","ts","data"}`. */
export const encodeRep = (id: unknown, topic: string, ts: number, data: string): string =>
  `{${idMember(id)}"rep":${s(topic)},"status":"ok","ts":${n(ts)},"data":${data}}`;

/** A WS error frame: `{"status":"error","ts","id","err-code","err-msg"}`. */
export const encodeWsError = (id: unknown, ts: number, message: string, code = 'bad-request'): string =>
  `{"status":"error","ts":${n(ts)},${idMember(id)}"err-code":${s(code)},"err-msg":${s(message)}}`;
